/** What the investment-catalogues screens show: labels, headings, buttons. */
export const investmentCataloguesScreenMessages = {
  firm: 'Firm',
  save: 'Save',
  financialAdvisor: 'Financial advisor',
  leaveEmptyForAnEntry: 'Leave empty for an entry the whole firm shares.',
  createdDate: 'Created Date',
  lastModifiedDate: 'Last Modified Date',
  email: 'Email',
  edit: 'Edit',
  delete: 'Delete',
  all: 'All',
  close: 'Close',
  model: 'Model',
  feeSchedule: 'Fee Schedule',
  view: 'View',
};
