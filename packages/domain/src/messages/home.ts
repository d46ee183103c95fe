export const homeMessages = {
  empty: 'There is nothing to show here yet.',
} as const;
