/** What the supervised-persons screens show: labels, headings, buttons. */
export const supervisedPersonsScreenMessages = {
  email: 'Email',
  cancel: 'Cancel',
  save: 'Save',
  supervisedPersons: 'Supervised Persons',
  addSupervisedPerson: 'Add Supervised Person',
  firm: 'Firm',
  supervisedPerson: 'Supervised Person',
  firstName: 'First Name',
  lastName: 'Last Name',
  edit: 'Edit',
  delete: 'Delete',
  searchSupervisedPersons: 'Search supervised persons',
  searchByFirstNameLast: 'Search by first name, last name or email...',
  all: 'All',
  close: 'Close',
};
