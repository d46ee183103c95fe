import { Badge } from '@mantine/core';
import { type DeliveryStatus, messages } from '@portal/domain';
import { IconAlertTriangle, IconCheck, IconClock, IconMinus } from '@tabler/icons-react';
import type { ComponentType } from 'react';

interface Look {
  color: string;
  /** The text's colour where white on the filled colour would be hard to read. */
  text?: string;
  variant: 'filled' | 'light';
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** Overdue is a problem, due a caution, received done; each with its word and icon, never colour alone. */
const LOOKS: Record<DeliveryStatus, Look> = {
  overdue: { color: 'red.8', variant: 'filled', icon: IconAlertTriangle },
  due: { color: 'yellow.3', text: 'dark.9', variant: 'filled', icon: IconClock },
  received: { color: 'teal.9', variant: 'filled', icon: IconCheck },
  not_required: { color: 'gray', text: 'gray.9', variant: 'light', icon: IconMinus },
  none: { color: 'gray', text: 'gray.9', variant: 'light', icon: IconMinus },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { color, text, variant, icon: Icon } = LOOKS[status];
  return (
    <Badge
      color={color}
      c={text}
      variant={variant}
      tt="none"
      miw="max-content"
      leftSection={<Icon size={14} aria-hidden />}
    >
      {messages.disclosures.statuses[status]}
    </Badge>
  );
}
