/** What the submission-status screens show: labels, headings, buttons. */
export const submissionStatusScreenMessages = {
  firms: 'Firms',
  completion: (firm: string, percent: number) => `${firm}: ${percent}% complete`,
  counts: (c: { reviewed: number; submitted: number; pending: number }) =>
    `${c.reviewed} reviewed · ${c.submitted} submitted · ${c.pending} pending`,
  delinquent: (count: number) => `${count} delinquent`,
  dueOn: (date: string) => `Due ${date}`,
  status: 'Status',
  all: 'All',
  firm: 'Firm',
  submittedDate: 'Submitted Date',
  searchSupervisedPersons: 'Search supervised persons',
  searchByFirstNameLast: 'Search by first name, last name or email...',
};
