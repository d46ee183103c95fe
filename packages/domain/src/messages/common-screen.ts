/** What the shared components show: labels, headings, buttons. */
export const commonScreenMessages = {
  pages: 'Pages',
  rowNumber: 'Row number',
  mmDdYyyy: 'MM/DD/YYYY',
  firm: 'Firm',
  close: 'Close',
  edit: 'Edit',
  save: 'Save',
  newPassword: 'New password',
  fiscalYear: 'Fiscal year',
  fiscalQuarter: 'Fiscal quarter',
  sendReminders: 'Send reminders',
  cancel: 'Cancel',
};
