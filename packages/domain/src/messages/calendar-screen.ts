/** What the calendar screens show: labels, headings, buttons. */
export const calendarScreenMessages = {
  view: 'View',
  calendarAddress: 'Calendar address',
  close: 'Close',
  edit: 'Edit',
  today: '(today)',
};
