import { menu } from './menu.js';

/**
 * The menu entries an administrator may switch off: the screens of the main bar whose
 * entries are the same for everyone. Entries computed per person (a client's forms, the external
 * links) are not offered: a switched-off onboarding step would block a client's agreement.
 */
export function switchableEntries(): { label: string; to: string }[] {
  return menu
    .filter((group) => group.place === 'main' && Array.isArray(group.entries))
    .flatMap((group) => group.entries as { label: string; to: string; external?: boolean }[])
    .filter((entry) => !entry.external)
    .map(({ label, to }) => ({ label, to }));
}

const trimSlash = (path: string) => path.replace(/\/+$/, '') || '/';

/** The switched-off entry a path leads to (the entry's own screen or one under it), if any. */
export function switchedOffEntryOf(pathname: string, switchedOff: readonly string[]) {
  const path = trimSlash(pathname);
  const to = switchedOff.find((entry) => {
    const base = trimSlash(entry);
    return path === base || path.startsWith(`${base}/`);
  });
  return to === undefined ? undefined : (switchableEntries().find((e) => e.to === to) ?? { label: '', to });
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** The target is now or behind us: nothing left to count (never negative numbers). */
  arrived: boolean;
}

/** What is left from `now` to `target`, in whole days, hours, minutes and seconds. */
export function countdownTo(target: Date, now: Date): Countdown {
  const left = Math.floor((target.getTime() - now.getTime()) / 1000);
  if (left <= 0) return { days: 0, hours: 0, minutes: 0, seconds: 0, arrived: true };
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    arrived: false,
  };
}
