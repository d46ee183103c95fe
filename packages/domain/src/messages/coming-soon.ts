const unit = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** The coming-soon countdown of menu entries an administrator switched off. */
export const comingSoonMessages = {
  title: 'Coming Soon',
  defaultMessage: 'We are putting the finishing touches on this part of the portal. Check back soon!',
  entryTitle: (label: string) => `${label} is coming soon`,
  days: 'Days',
  hours: 'Hours',
  minutes: 'Minutes',
  seconds: 'Seconds',
  countdownLabel: (d: number, h: number, m: number, s: number) =>
    `${unit(d, 'day')}, ${unit(h, 'hour')}, ${unit(m, 'minute')} and ${unit(s, 'second')} to go`,
  arrived: 'The wait is almost over: this page opens any moment now.',
  noDate: 'The launch date has not been announced yet.',
  opensOn: (when: string) => `Opening ${when}`,
  backHome: 'Back to home',
  settingsTitle: 'Coming Soon Pages',
  settingsIntro:
    'Switch off menu entries that are not ready for your firm: people who choose one see the coming-soon card with the countdown below instead.',
  switchedOff: 'Switched-off menu entries',
  switchedOffPlaceholder: 'Choose menu entries',
  targetDate: 'Launch date',
  targetTime: 'Launch time',
  message: 'Message',
  save: 'Save',
  saved: 'Coming-soon settings saved.',
  preview: 'Preview the full page',
  unknownEntry: 'Choose menu entries from the list.',
  targetFormat: 'Enter a valid date and time.',
  noFirm: 'You are not a member of a firm, so there are no firm settings to change.',
} as const;
