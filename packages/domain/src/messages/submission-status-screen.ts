/** What the submission-status screens show: labels, headings, buttons. */
export const submissionStatusScreenMessages = {
  firms: 'Firms',
  reviewed: 'reviewed ·',
  submitted: 'submitted ·',
  pending: 'pending',
  delinquent: 'delinquent',
  noneDelinquent: '0 delinquent',
  due: 'Due',
  status: 'Status',
};
