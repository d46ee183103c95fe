import { useEffect, useMemo, useRef } from 'react';

/**
 * Runs the latest work given after `delayMs` of quiet (a search once typing pauses); `cancel` drops
 * what is waiting, and so does leaving the screen. The same object on every render.
 */
export function useLater(delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      run: (work: () => void) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(work, delayMs);
      },
      cancel: () => clearTimeout(timer.current),
    }),
    [delayMs],
  );
}
