/** What the investment-requests screens show: labels, headings, buttons. */
export const investmentRequestsScreenMessages = {
  returnTo: 'Return to',
  new: 'New',
  close: 'Close',
  view: 'View',
  edit: 'Edit',
};
