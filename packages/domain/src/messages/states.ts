export const statesMessages = {
  noMatch: 'No matching state',
} as const;
