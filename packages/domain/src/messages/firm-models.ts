export const firmModelsMessages = {
  saved: 'Firm model saved',
  updated: 'Firm model updated',
  deleted: 'Firm model deleted',
  // The seed's 'Not firm models found.' was a typo.
  empty: 'No firm models found.',
  newButton: 'New Firm Model',
  title: 'Firm Models',
  exists: 'This model is already offered to this firm.',
} as const;
