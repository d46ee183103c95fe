/** What the supervised-persons screens show: labels, headings, buttons. */
export const supervisedPersonsScreenMessages = {
  email: 'Email',
  cancel: 'Cancel',
  save: 'Save',
  supervisedPersons: 'Supervised Persons',
  addSupervisedPerson: 'Add Supervised Person',
  firm: 'Firm',
};
