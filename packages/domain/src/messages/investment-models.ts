import { catalogueInUse } from './text.js';

/** The catalogues of models and fee schedules, and the firms they are offered to. */
export const investmentModelsMessages = {
  created: 'Model created successfully.',
  // The seed's 'Modal updated successfully' was a typo.
  updated: 'Model updated successfully.',
  deleted: 'Model deleted successfully.',
  empty: 'No models found.',
  newButton: 'New Model',
  title: 'Models',
  nameLabel: 'Model Name',
  nameRequired: 'Enter the model name.',
  ...catalogueInUse('model'),
} as const;
