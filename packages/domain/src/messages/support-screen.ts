/** What the support screens show: labels, headings, buttons. */
export const supportScreenMessages = {
  close: 'Close',
  view: 'View',
  submit: 'Submit',
  save: 'Save',
};
