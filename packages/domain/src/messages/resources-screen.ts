/** What the resources screens show: labels, headings, buttons. */
export const resourcesScreenMessages = {
  close: 'Close',
};
