import { Loader, type MantineSize } from '@mantine/core';

/**
 * A spinner that a screen reader announces by name. Mantine's Loader is a bare span, on which an
 * aria-label is not allowed (axe: aria-prohibited-attr); as a status it may carry one.
 */
export function Spinner({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader size={size} role="status" aria-label={label} />;
}
