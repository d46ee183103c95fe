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
  all: 'All',
  firm: 'Firm',
  submittedDate: 'Submitted Date',
  searchSupervisedPersons: 'Search supervised persons',
  searchByFirstNameLast: 'Search by first name, last name or email...',
};
