import { Badge } from '@mantine/core';
import type { SubmissionStatus } from '@portal/domain';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import type { ComponentType } from 'react';

interface Look {
  color: string;
  variant: 'filled' | 'light';
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/**
 * A late person is a problem (red, a warning sign), one who may still file a caution (orange, a
 * clock), the filed are done (blue, then teal once reviewed, as the attestations list shows them).
 * The seed showed Delinquent as positive. Each look has its word and its icon, never colour alone.
 */
const LOOKS: Record<SubmissionStatus, Look> = {
  Delinquent: { color: 'red.8', variant: 'filled', icon: IconAlertTriangle },
  Pending: { color: 'orange.9', variant: 'light', icon: IconClock },
  Submitted: { color: 'blue.8', variant: 'filled', icon: IconCheck },
  Reviewed: { color: 'teal.9', variant: 'filled', icon: IconChecks },
};

export const isUnfiled = (status: SubmissionStatus) => status === 'Pending' || status === 'Delinquent';

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { color, variant, icon: Icon } = LOOKS[status];
  return (
    <Badge
      color={color}
      variant={variant}
      tt="none"
      miw="max-content"
      leftSection={<Icon size={14} aria-hidden />}
      // The light badge's tint alone is faint on the striped rows: an outline keeps its shape.
      bd={variant === 'light' ? '1px solid var(--mantine-color-orange-9)' : undefined}
    >
      {status}
    </Badge>
  );
}
