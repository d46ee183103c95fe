import { attestationQuestions, attestationStatements } from './text.js';

/**
 * The attestation's fields by wire name as the form labels them, in the form's order: the form's
 * inputs, the History tab and the PDF all read them here.
 */
const attestationLabels = {
  Name: 'Name',
  First_Name__c: 'First name',
  Middle_Name__c: 'Middle name',
  Last_Name__c: 'Last name',
  Job_Title__c: 'Job title',
  Employment_Date__c: 'Employment date',
  CRD_Number__c: 'CRD number',
  Work_Phone__c: 'Work phone',
  Home_Phone__c: 'Home phone',
  Mobile_Phone__c: 'Mobile phone',
  Work_Email__c: 'Work email',
  Personal_Email__c: 'Personal email',
  Address_Line_1__c: 'Address line 1',
  Address_Line_2__c: 'Address line 2',
  City__c: 'City',
  State__c: 'State',
  Zip_Code__c: 'Zip code',
  Insurance_License__c: 'Insurance license',
  Broker_Dealer__c: 'Broker dealer',
  States_Registered__c: 'States registered',
  States_Clients_Reside__c: 'States clients reside',
  CFP__c: 'CFP',
  ChFC__c: 'ChFC',
  CFA__c: 'CFA',
  PFS__c: 'PFS',
  CIC__c: 'CIC',
  CKA__c: 'CKA',
  Series_7__c: 'Series 7',
  Series_24__c: 'Series 24',
  Series_65__c: 'Series 65',
  Series_66__c: 'Series 66',
  Other_Qualifications__c: 'Other qualifications',
  LinkedIn__c: 'LinkedIn',
  Facebook__c: 'Facebook',
  Twitter__c: 'Twitter',
  YouTube__c: 'YouTube',
  Other_Social_Media__c: 'Other social media',
  ...attestationQuestions,
  ...attestationStatements,
  IA_Manual_Attestation_Date__c: 'Compliance manual attestation date',
  Code_of_Ethics_Attestation_Date__c: 'Code of ethics attestation date',
  BusinessFinancialOrPersonalRelationships__c: 'Business, financial or personal relationships with clients',
  ServesAs__c: 'Serves as (director, officer, trustee or similar roles outside the firm)',
  Status__c: 'Status',
  Reviewed_Date__c: 'Reviewed date',
  Reviewed_By__c: 'Reviewed by',
  Reviewed_By_Tk__c: 'Reviewer (user id)',
  Over_De_Minimis__c: 'Over de minimis',
  Firm_Name__c: 'Firm',
  Submitted_Date__c: 'Submitted date',
} as const;

export const attestationsMessages = {
  submitted: 'Attestation submitted.',
  updated: 'Attestation updated successfully.',
  deleted: 'Attestation deleted successfully.',
  empty: 'No items to display.',
  // First and last name come from the person's account (the server sets them on submission).
  accountNameMissing: (part: 'first' | 'last') =>
    `Your account has no ${part} name: add it in Settings, Personal info, before you attest.`,
  nameFromAccount: 'From your account: change it in Settings, Personal info.',
  employmentDateRequired: 'Enter the employment date.',
  accountOwnerRequired: 'Enter the account owner.',
  accountNumberRequired: 'Enter the account number.',
  custodianRequired: 'Enter the custodian.',
  activityRequired: 'Enter the activity.',
  approvedByRequired: 'Enter who approved it.',
  approvedDateRequired: 'Enter the approved date.',
  amountRequired: 'Enter an amount.',
  amountFormat: 'Enter an amount in dollars with at most 2 decimals, such as 250.00.',
  amountPositive: 'The amount must be positive: enter an amount greater than zero.',
  candidateRequired: 'Enter the candidate name.',
  raceRequired: 'Enter the political race.',
  electionDateRequired: 'Enter the election date.',
  trueOrFalse: "Answer 'true' or 'false'.",
  stateList: 'Select states from the list of the 50 US states.',
  status: 'Select Submitted or Reviewed.',
  quarter: 'Enter a fiscal quarter from 1 to 4 (or Q1 to Q4).',
  clientsCannotAttest: 'Clients do not file quarterly attestations.',
  alreadyFiled: (name: string, id: number, reviewed = false) =>
    `An attestation for this period already exists: ${name} (#${id}). ${reviewed ? 'It has been reviewed: ask your CCO if it needs a correction.' : 'Edit that one instead.'}`,
  reviewedLocked:
    'This attestation has been reviewed and can no longer be changed. Ask your CCO if it needs a correction.',
  employmentDateFuture: 'The employment date cannot be in the future.',
  dateFuture: 'This date cannot be in the future.',
  approvedDateFuture: 'The approved date cannot be in the future.',
  contributionTooOld:
    'This contribution is older than the 2 years this attestation covers: leave it out, or check the approved date.',
  reviewedDateRequired: 'Enter the reviewed date: a Reviewed attestation has one.',
  reviewedDateOnlyWhenReviewed: 'Leave the reviewed date empty while the attestation is Submitted.',
  reviewedDateFuture: 'The reviewed date cannot be in the future.',
  reviewedDateBeforeSubmitted: 'The reviewed date cannot be before the date the attestation was submitted.',
  notYourReview: 'You cannot review your own attestation: another CCO or a super CCO reviews it.',
  noFirm: 'Your account belongs to no firm: ask an administrator to place you in one before you attest.',
  overDeMinimis: 'Over de minimis',
  noneFound: 'No attestation found.',
  // Oversight.
  notificationSent: 'A quarterly attestation notification was sent to the supervised person',
  noDataToExport: 'No data to export to CSV file',
  listTooLong: (max: number) =>
    `An attestation lists at most ${max} rows here: remove rows that no longer apply, or ask your CCO how to report the rest.`,
  exportProgress: (bytes: number) => `Exporting… ${(bytes / 1_048_576).toFixed(1)} MB received`,
  // The form page and the manager.
  politicalContributionsNote: 'Political contributions cover the previous 2 years.',
  personalSecuritiesNote: 'Personal securities cover the last 12 months.',
  period: (fiscalYear: number, fiscalQuarter: number) =>
    `This attestation covers fiscal year ${fiscalYear}, quarter ${fiscalQuarter}.`,
  alreadyFiledNotice: (name: string, reviewed = false) =>
    reviewed
      ? `You have already filed the attestation for this period (${name}) and it has been reviewed: ask your CCO if it needs a correction.`
      : `You have already filed the attestation for this period (${name}): edit that one instead of submitting a second.`,
  openFiled: 'Open it in Quarterly Attestations',
  prefilled: (name: string) =>
    `Pre-filled from your most recent attestation (${name}). Check every answer before you submit.`,
  noRows: 'None listed.',
  // A saved row is removed on the server at once, so it is asked first.
  removeRowTitle: (row: string) => `Remove ${row}`,
  removeRowQuestion: (row: string) =>
    `Remove ${row} from this attestation? It is removed at once, even if you then cancel your other changes.`,
  rowRemoved: (row: string) => `${row} removed.`,
  loading: 'Loading the attestation…',
  overDeMinimisHint: (limit: string) =>
    `Over the de minimis amount of ${limit} per election (Rule 206(4)-5): your CCO will review it.`,
  reviewedReadOnly: 'This attestation has been reviewed: it can be viewed but no longer changed.',
  questions: attestationQuestions,
  statements: attestationStatements,
  labels: attestationLabels,
  /** The form's sections (its fieldsets' legends), the PDF's headings. */
  sections: {
    personal: 'Personal information',
    certifications: 'Licences and certifications',
    socialMedia: 'Social media used for business',
    declarations: 'Declarations',
    review: 'Review',
  },
  /** Each list: its section title, a row's name (a row's legend is the name and its number), its fields. */
  lists: {
    Personal_Securities__r: {
      title: 'Personal Securities',
      row: 'Personal security',
      add: 'Add personal security',
      fields: {
        Account_Owner__c: 'Account owner',
        Custodian__c: 'Custodian',
        Account_Number__c: 'Account number',
        Account_Type__c: 'Account type',
      },
    },
    Outside_Business_Activities__r: {
      title: 'Outside Business Activities',
      row: 'Outside business activity',
      add: 'Add outside business activity',
      fields: { Name: 'Activity name', Approved_By__c: 'Approved by', Approved_Date__c: 'Approved date' },
    },
    Political_Contributions__r: {
      title: 'Political Contributions',
      row: 'Political contribution',
      add: 'Add political contribution',
      fields: {
        Amount__c: 'Amount',
        Candidate_Name__c: 'Candidate name',
        Political_Race__c: 'Political race',
        Election_Date__c: 'Election date',
        Approved_By__c: 'Approved by',
        Approved_Date__c: 'Approved date',
        May_Vote_For_Candidate__c: 'May vote for the candidate',
        Over_De_Minimis__c: 'Over de minimis',
      },
    },
  },
  periodLabel: 'Period',
  noneReported: 'None reported.',
} as const;
