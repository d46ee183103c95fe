import { Badge } from '@mantine/core';
import { messages } from '@portal/domain';

/** The CCO's flag on a political contribution over the de minimis amount (Rule 206(4)-5), one look everywhere. */
export function DeMinimisBadge({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  return (
    <Badge color="red.9" variant="filled" size={size} tt="none" miw="max-content">
      {messages.attestations.overDeMinimis}
    </Badge>
  );
}
