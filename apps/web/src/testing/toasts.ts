import { notifications } from '@mantine/notifications';
import { afterAll, beforeEach, vi } from 'vitest';

/**
 * Records the toasts a file's screens show and take back, by spying on Mantine's notifications store.
 * The web tests share one module cache (the project runs unisolated), so mocking `lib/notify` would miss
 * a copy another file loaded first; the store object is the one every copy calls. Call it at the top of
 * a test file: it empties the records before each test and lets go of the store after the file.
 */
export function recordToasts() {
  const shown: string[] = [];
  const hidden: string[] = [];
  const show = vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    shown.push(String(toast.message));
    return toast.id ?? '';
  });
  const hide = vi.spyOn(notifications, 'hide').mockImplementation((id) => {
    hidden.push(id);
    return id;
  });
  beforeEach(() => {
    shown.length = 0;
    hidden.length = 0;
  });
  afterAll(() => {
    show.mockRestore();
    hide.mockRestore();
  });
  return { shown, hidden };
}
