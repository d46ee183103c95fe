/**
 * Client onboarding: the client agreement's inline messages and
 * toasts word for word, the format checks beyond the 'Enter …' presence checks, and the refusals.
 */
export const clientAgreementsMessages = {
  submitted: 'Client agreement submitted',
  updated: 'Client agreement updated',
  /** The toast, and the 400's detail, of any invalid field. */
  requiredFields: 'Required field(s) not provided.',
  nameRequired: 'Enter first name, middle initial, last name',
  streetRequired: 'Enter street',
  cityRequired: 'Enter city',
  stateRequired: 'Enter state',
  zipRequired: 'Enter zip code',
  /** The mailing address's street (its city, state and zip say 'Enter city' and so on). */
  mailingAddressRequired: 'Enter mailing address',
  cellPhoneRequired: 'Enter cell phone',
  businessPhoneRequired: 'Enter business phone',
  homePhoneRequired: 'Enter home phone',
  emailRequired: 'Enter email address',
  /** Also the joint client's: the seed wrongly said 'Enter employment status' there. */
  mailPreferenceRequired: 'Enter mailing preference',
  employmentStatusRequired: 'Enter employment status',
  dobRequired: 'Enter date of birth',
  ssnRequired: 'Enter social security number',
  licenseRequired: "Enter driver's license number",
  licenseIssueStateRequired: 'Enter drivers license issue state',
  licenseIssueDateRequired: 'Enter drivers license issue date',
  licenseExpirationRequired: 'Enter drivers license expiration date',
  // Beyond presence: the formats a value must have.
  ssn: 'Enter a 9-digit social security number.',
  taxId: 'Enter a 9-digit tax id.',
  zip: 'Enter a 5- or 9-digit zip code.',
  phone: 'Enter a phone number.',
  state: 'Select a state from the list.',
  // A value off a dropdown's list (an old form, a hand-made request); none at all is the field's 'Enter …'.
  mailPreference: 'Select a mailing preference.',
  employmentStatus: 'Select an employment status.',
  formType: 'Select Individual Client or Joint Clients.',
  clientType: 'Select a client type: Standard or Custodial.',
  dobInPast: 'Enter a date of birth in the past.',
  expirationAfterIssue: 'The expiration date must be after the issue date.',
  /** A value with '*' that is not the masked value the form was given. */
  maskedValue: 'Enter the full value, or leave the masked value as it is.',
  custodialNeedsJoint: 'A custodial account needs Joint Clients: the custodian goes in the second column.',
  exists: 'This client already has a client agreement.',
  /** A PUT that names another client than the agreement's. */
  clientFixed: 'A client agreement stays with its client.',
  clientRequired: 'Select the client.',
  nameSuffix: ' - Client Agreement',
  formTypes: { individual: 'Individual Client', joint: 'Joint Clients' },
  homeSameAsMailing: 'Home address same as mailing address',
  sameAsClientAddress: 'Address same as client address',
  columns: { client: 'Client', jointClient: 'Joint Client', minor: 'Minor', custodian: 'Custodian' },
} as const;
