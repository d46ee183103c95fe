export const firmFeeSchedulesMessages = {
  saved: 'Fee schedule saved',
  updated: 'Fee schedule updated',
  deleted: 'Fee schedule deleted',
  empty: 'No firm fee schedules found.',
  newButton: 'New Firm Fee Schedule',
  title: 'Firm Fee Schedules',
  exists: 'This fee schedule is already offered to this firm.',
} as const;
