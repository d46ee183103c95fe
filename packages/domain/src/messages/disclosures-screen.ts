/** What the disclosures screens show: labels, headings, buttons. */
export const disclosuresScreenMessages = {
  close: 'Close',
};
