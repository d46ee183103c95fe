import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, its own chunk: see providers.tsx. Top centre for 5 seconds (3
 * seconds, which older screens used, is too short for a two-line message). On a phone a toast at the top
 * would cover a full-screen form's first field and its label, so there it rises from the bottom.
 */
export function Toasts() {
  const phone = useMediaQuery('(max-width: 36em)');
  return <Notifications position={phone ? 'bottom-center' : 'top-center'} autoClose={5000} />;
}
