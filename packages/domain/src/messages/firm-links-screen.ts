/** What the firm-links screens show: labels, headings, buttons. */
export const firmLinksScreenMessages = {
  urlPlaceholder: 'https://',
  remove: 'Remove',
  searchLinks: 'Search links',
  searchByLabelOrAddress: 'Search by label or address',
  close: 'Close',
};
