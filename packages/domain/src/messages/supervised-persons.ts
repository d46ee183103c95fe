export const supervisedPersonsMessages = {
  added: 'Supervised person added.',
  updated: 'Supervised person updated.',
  removed: 'Supervised person removed.',
  empty: 'No supervised persons found.',
  emailRequired: "Enter the staff member's email address.",
  unknownEmail: 'No staff member of your firm has this email address.',
  /** A super CCO keeps every firm's roster. */
  unknownEmailAnyFirm: 'No staff member has this email address.',
  clientEmail: 'This address belongs to a client: only staff members are supervised persons.',
  alreadyListed: 'This person is already on the roster of supervised persons.',
  ownEntry: 'You cannot add, change or remove your own roster entry: another CCO or a super CCO does.',
  emailFixed: 'The person of a roster entry cannot be changed: remove the entry and add the other person.',
  mustSubmit: 'Must submit with each attestation',
} as const;
