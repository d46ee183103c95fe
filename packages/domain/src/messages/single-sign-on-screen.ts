/** What the single-sign-on screens show: labels, headings, buttons. */
export const singleSignOnScreenMessages = {
  urlPlaceholder: 'https://',
  remove: 'Remove',
  searchServiceProviders: 'Search service providers',
  searchByNameKeyOr: 'Search by name, key or address',
  close: 'Close',
  turnedOff: (label: string) => `${label} (off)`,
};
