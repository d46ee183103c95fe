import { Notifications } from '@mantine/notifications';

/** The toasts' container, its own chunk: see providers.tsx. */
export function Toasts() {
  return <Notifications position="top-center" autoClose={3000} />;
}
