/** Support cases: help requests and prayer requests. */
export const supportMessages = {
  submitted: 'Ticket submitted successfully',
  updated: 'Ticket updated successfully',
  replied: 'Reply sent',
  empty: "No records to display. You haven't submitted any support tickets recently.",
  newTitle: 'New Case',
  newButton: 'New',
  listTitle: 'Help Requests',
  prayerTitle: 'Prayer Requests',
  searchPlaceholder: 'Search by case number, subject or name',
  allStatuses: 'All statuses',
  /** The form's refusals (category and subject are required). */
  subjectRequired: 'Enter the subject.',
  categoryRequired: 'Select the category.',
  categoryUnknown: 'Select one of the categories.',
  statusRequired: 'Select the status.',
  replyRequired: 'Write a reply before sending it.',
  noFirm: 'Your account belongs to no firm: ask an administrator to place you in one before you open a case.',
  /** The status input's note for the submitter (disabled for them). */
  statusByHandlers: "The firm's support team sets the status.",
  columns: {
    CaseNumber: 'Case #',
    Subject: 'Subject',
    Status: 'Status',
    Category__c: 'Category',
    Type: 'Type',
    Priority: 'Priority',
    CreatedDate: 'Date/Time Opened',
    ClosedDate: 'Date/Time Closed',
    SuppliedName: 'Submitted By',
  },
  labels: {
    Subject: 'Subject',
    Status: 'Status',
    Category__c: 'Category',
    Type: 'Type',
    Priority: 'Priority',
    Reason: 'Reason',
    Description: 'Description',
    CaseNumber: 'Case #',
    SuppliedName: 'Submitted by',
    CreatedDate: 'Date/Time Opened',
    ClosedDate: 'Date/Time Closed',
  },
  conversation: 'Conversation',
  noReplies: 'No replies yet.',
  replyLabel: 'Reply',
  sendReply: 'Send reply',
  fromSupport: 'Support',
  loadFailed: 'The case could not be loaded. Close this window and try again.',
  /** The user form's flag by which an administrator names a support handler. */
  handlerFlag: 'Support handler',
  handlerFlagHint: "Sees all of the firm's support cases, sets their status and replies to them.",
  /** Mails: each carries the case's link (built from PUBLIC_URL). */
  newCaseSubject: (caseNumber: string, subject: string) => `New support case ${caseNumber}: ${subject}`,
  newCaseText: (r: {
    firstName: string | null;
    submitter: string;
    caseNumber: string;
    subject: string;
    category: string;
    link: string;
  }) =>
    [
      `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
      '',
      `${r.submitter} opened support case ${r.caseNumber} (${r.category}): ${r.subject}`,
      '',
      `Open it to answer: ${r.link}`,
    ].join('\n'),
  replySubject: (caseNumber: string, subject: string) => `Reply on support case ${caseNumber}: ${subject}`,
  replyText: (r: { firstName: string | null; author: string; caseNumber: string; body: string; link: string }) =>
    [
      `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
      '',
      `${r.author} replied on support case ${r.caseNumber}:`,
      '',
      ...r.body.split(/\r\n|[\r\n\u0085\u2028\u2029]/).map((line) => `> ${line}`),
      '',
      `Read and answer it here: ${r.link}`,
    ].join('\n'),
  statusSubject: (caseNumber: string, status: string) => `Your support case ${caseNumber} is ${status}`,
  statusText: (r: {
    firstName: string | null;
    by: string;
    caseNumber: string;
    subject: string;
    status: string;
    link: string;
  }) =>
    [
      `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
      '',
      `${r.by} moved your support case ${r.caseNumber} (${r.subject}) to ${r.status}.`,
      '',
      `See it here: ${r.link}`,
    ].join('\n'),
} as const;
