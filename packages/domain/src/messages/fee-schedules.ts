import { catalogueInUse } from './text.js';

export const feeSchedulesMessages = {
  created: 'Fee schedule created successfully.',
  updated: 'Fee schedule updated successfully.',
  deleted: 'Fee schedule deleted successfully.',
  empty: 'No fee schedule(s) found',
  newButton: 'New Fee Schedule',
  title: 'Fee Schedules',
  nameLabel: 'Fee Schedule',
  nameRequired: 'Enter the fee schedule name.',
  ...catalogueInUse('fee schedule'),
} as const;
