/** What the single-sign-on screens show: labels, headings, buttons. */
export const singleSignOnScreenMessages = {
  urlPlaceholder: 'https://',
  remove: 'Remove',
};
