import { Badge } from '@mantine/core';
import type { SubmissionStatus } from '@portal/domain';
import { IconAlertTriangle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import type { ComponentType } from 'react';

interface Look {
  color: string;
  /** The text's colour where the default (white on the filled colour) would be hard to read. */
  text?: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/**
 * A late person is a problem (red, a warning sign), one who may still file a caution (yellow, a
 * clock), the filed are done (blue, then teal once reviewed, as the attestations list shows them).
 * The seed showed Delinquent as positive. Each look has its word and its icon, never colour alone.
 */
const LOOKS: Record<SubmissionStatus, Look> = {
  Delinquent: { color: 'red.8', icon: IconAlertTriangle },
  Pending: { color: 'yellow.3', text: 'dark.9', icon: IconClock },
  Submitted: { color: 'blue.8', icon: IconCheck },
  Reviewed: { color: 'teal.9', icon: IconChecks },
};

export const isUnfiled = (status: SubmissionStatus) => status === 'Pending' || status === 'Delinquent';

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { color, text, icon: Icon } = LOOKS[status];
  return (
    <Badge
      color={color}
      c={text}
      variant="filled"
      tt="none"
      miw="max-content"
      leftSection={<Icon size={14} aria-hidden />}
    >
      {status}
    </Badge>
  );
}
