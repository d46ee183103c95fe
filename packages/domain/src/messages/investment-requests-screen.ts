/** What the investment-requests screens show: labels, headings, buttons. */
export const investmentRequestsScreenMessages = {
  returnTo: (list: string) => `Return to ${list}`,
  new: 'New',
  close: 'Close',
  view: 'View',
  edit: 'Edit',
  submit: 'Submit',
  save: 'Save',
  clientNumbered: (id: string) => `Client ${id}`,
};
