/** What uses a model or fee schedule, as its delete and firm-move refusals say it (issue 9). */
export interface CatalogueUses {
  strategies: number;
  firms: number;
  /** Uses in firms the caller does not reach: counted, never described. */
  elsewhere: number;
}

/**
 * A reason typed in a textarea, in a plain-text mail: after 'Reason: ' when it is one line, else each
 * of its lines quoted ('> '), so none of them reads as a line of the mail itself (a link, a greeting).
 */
const reasonLines = (reason: string | null) => {
  if (!reason) return [];
  const lines = reason.split(/\r\n|[\r\n\u0085\u2028\u2029]/);
  return lines.length === 1 ? ['', `Reason: ${reason}`] : ['', 'Reason:', ...lines.map((line) => `> ${line}`)];
};

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'used by 2 investment strategies and offered to 1 firm': only the uses there are. */
const usesText = (u: CatalogueUses) => {
  const parts = [
    u.strategies ? `used by ${counted(u.strategies, 'investment strategy', 'investment strategies')}` : '',
    u.firms ? `offered to ${counted(u.firms, 'firm', 'firms')}` : '',
    u.elsewhere ? `used by ${counted(u.elsewhere, 'record', 'records')} of other firms` : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'in use');
};

/** The refusals of one catalogue, worded with its own noun. */
const catalogueInUse = (noun: string) => ({
  inUse: (u: CatalogueUses) => `This ${noun} is ${usesText(u)}: it cannot be deleted.`,
  firmInUse: (u: CatalogueUses) =>
    `This ${noun} is ${usesText(u)}: it cannot move to another firm. Create a new ${noun} for that firm instead.`,
  aliasDiffers: (alias: string) => `The name and ${alias} differ: send the ${noun}'s name once.`,
});

/** The attestation's yes/no questions by wire name, as the form asks them (spec 001 §3). */
const attestationQuestions = {
  Solicitor_Referral_Relationships__c: 'Do you have any solicitor or referral relationships?',
  Non_Advisory_Compensation_Arrangements__c: 'Do you have any non-advisory compensation arrangements?',
  Is_Covered_Associate__c: 'Are you a covered associate (pay-to-play rule, Rule 206(4)-5)?',
  Is_Access_Person__c: 'Are you an access person under the code of ethics?',
} as const;

/** The attestation's statements a person confirms, by wire name (spec 001 §3). */
const attestationStatements = {
  Has_Reported_Previous_Securities__c:
    'I have reported all my personal securities accounts and holdings as the code of ethics requires.',
  Has_Received_Gratuities__c: 'I have reported every gift or gratuity I received, as the code of ethics requires.',
  Is_Compliant__c: 'I have complied with the compliance manual and the code of ethics during this period.',
  hasNotUsedPersonalDevice__c: 'I have not used a personal device or account for business communications.',
} as const;

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

/** Every user-facing message of the spec, verbatim, plus the portal's own where the spec is silent. */
export const messages = {
  auth: {
    loginFailed: 'Incorrect email address and/or password.',
    enterEmail: 'Please enter your email address.',
    enterPassword: 'Please enter your password.',
    loggedOut: 'You have successfully logged out.',
    checkInbox:
      "Check your inbox for the next steps. If you don't receive an email, and it's not in your spam folder this could mean you signed up with a different address.",
    resetComplete: 'Your password has been reset successfully with the new password.',
    accountActivated: 'Your account was activated successfully!',
    setPasswordPrompt: 'Please set the password for your account.',
    invalidLink: 'This link is invalid or has expired. Please request a new one.',
    notAuthenticated: 'Please sign in to continue.',
    sessionExpired: 'Your session has expired. Please sign in again.',
    invalidToken: 'The token is invalid or has expired.',
    refreshExpired: 'The token can no longer be refreshed. Please sign in again.',
    passwordMismatch: 'The two password fields didn’t match.',
    currentPasswordWrong: 'Your current password was entered incorrectly.',
    resetRequested: 'If an account exists for that address, a password reset link has been sent to it.',
    throttled: (minutes: number) =>
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    resetThrottled: (minutes: number) =>
      `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    csrfFailed: 'The request could not be verified (CSRF). Reload the page and try again.',
  },
  password: {
    tooShort: 'This password is too short. It must contain at least 12 characters.',
    tooLong: 'This password is too long. It must contain at most 128 characters.',
    tooCommon: 'This password is too common.',
    sameAsEmail: 'The password cannot be the same as your email address.',
  },
  settings: {
    personalInfoUpdated: 'Personal info updated',
    emailChanged: 'Email changed successfully',
    passwordChanged: 'Password changed successfully',
    emailTaken: 'A user with that email address already exists.',
    emailInvalid: 'Enter a valid email address.',
    forbiddenField: (field: string) => `You are not allowed to change ${field}.`,
    notYourAccount: 'You can only update your own personal info.',
    currentPassword: 'Current password',
  },
  users: {
    created: 'User created successfully.',
    updated: 'User updated.',
    deleted: 'User deleted successfully.',
    firmRequired: 'Select a firm.',
    firmUnknown: 'Select an existing firm.',
    profileTypeRequired: 'Select a profile type.',
    lastNameRequired: 'Enter the last name.',
    advisorInvalid: "Select an advisor of the user's firm.",
    cannotDeleteSelf: 'You cannot delete your own account.',
    cannotDeactivateSelf: 'You cannot deactivate your own account.',
    ownEmailInSettings: 'Change your own email address in Settings, on the Email tab.',
    superAccountOnly: 'Only a super administrator can change a super administrator or super CCO account.',
    activationSent: 'An activation link was sent to the user.',
    deactivatedNoLink: 'This account was deactivated. Mark it active before sending an activation link.',
    invitationCancelled: 'Invitation cancelled. The activation link no longer works.',
    noPendingInvitation:
      'This account has no pending invitation: it was already activated or deactivated, or its activation link was cancelled or has expired.',
    invited: 'Invited',
    cancelInvitation: 'Cancel invitation',
    cancelInvitationTitle: (name: string) => `Cancel the invitation of ${name}`,
    cancelInvitationQuestion: (name: string) =>
      `The activation link mailed to ${name} will stop working. You can send a new one later from the user form. Cancel the invitation?`,
    keepInvitation: 'Keep invitation',
    empty: 'No users found.',
    loadingAdvisors: 'Loading advisors',
    loading: 'Loading the user…',
    loadFailed: 'The user could not be loaded. Close this window and try again.',
    /** A stored advisor who is no longer on the firm's active list. */
    unlistedAdvisor: (id: number) => `Advisor #${id}`,
    noMatchingAdvisor: 'No matching advisor',
  },
  /** Spec 001 §2 and §8: the staff directory. */
  employees: {
    updated: 'Member updated.',
    removed: 'Staff member removed.',
    empty: 'No staff members found.',
    searchPlaceholder: 'Search by first, last or preferred name',
    removeTitle: 'Remove staff member',
    removeConfirm: (name: string) =>
      `Remove ${name} from the staff directory? Their account stays as it is; they are only no longer listed.`,
    viewTitle: 'Staff member',
    editTitle: 'Edit member',
    loadFailed: 'The staff member could not be loaded. Close this window and try again.',
  },
  resources: {
    categories: {
      compliance: 'Compliance',
      investments: 'Investments',
      operations: 'Operations',
      videos: 'Videos',
      faqs: 'FAQs',
    },
    /** Spec 001 §2, verbatim with the category's name. */
    empty: (name: string) =>
      `No ${name} resources found to be listed. Please try again after the resources have been added.`,
    columns: { name: 'Resource Name', added: 'Added Date', modified: 'Last Modified Date' },
    add: 'Add Resource',
    addTitle: 'Add Resource',
    editTitle: 'Edit Resource',
    searchPlaceholder: 'Search by resource name',
    name: 'Resource Name',
    nameRequired: 'Enter the resource name.',
    source: 'Source',
    sourceFile: 'File',
    sourceLink: 'Link',
    file: 'File',
    fileHint: 'PDF, Word, Excel, PowerPoint, PNG, JPEG, MP4, MOV or WebM; at most 50 MB.',
    replaceHint: 'Choose a file only to replace the current one; the previous version is kept.',
    url: 'Link',
    urlHint: 'A web address starting with http:// or https://.',
    fileOrUrl: 'Upload a file or enter a link.',
    notBoth: 'Upload a file or enter a link, not both.',
    fileType:
      'This file type is not accepted. Upload a PDF, Word, Excel, PowerPoint, PNG, JPEG, MP4, MOV or WebM file.',
    fileTooLarge: 'The file is larger than 50 MB.',
    fileEmpty: 'The file is empty.',
    multipartOnly: 'Send the resource as multipart/form-data (category, name, and a file or a url).',
    acknowledgement: 'Requires acknowledgement',
    acknowledgementHint: 'Staff acknowledge each version; the date fills the quarterly attestation.',
    acknowledgementKinds: {
      none: 'No acknowledgement',
      code_of_ethics: 'Code of ethics (fills the code of ethics attestation date)',
      ia_manual: 'Compliance manual (fills the compliance manual attestation date)',
    },
    acknowledgementComplianceOnly: 'Only a Compliance document can require acknowledgement.',
    acknowledgementFileOnly: 'Only a document uploaded as a file can require acknowledgement.',
    added: 'Resource added.',
    updated: 'Resource updated.',
    removed: 'Resource removed.',
    removeTitle: (name: string) => `Remove ${name}`,
    removeConfirm: (name: string) =>
      `Remove ${name} from the training resources? Its versions and acknowledgements are kept in the records.`,
    acknowledge: 'Acknowledge',
    acknowledgeLabel: (name: string) => `Acknowledge that I have read ${name}`,
    acknowledged: 'Acknowledgement recorded.',
    acknowledgedOn: (date: string) => `Acknowledged ${date}`,
    notAcknowledgeable: 'This resource does not require acknowledgement.',
    open: (name: string) => `Open ${name} (opens in a new tab)`,
    versions: 'Version history',
    versionsTitle: (name: string) => `Versions of ${name}`,
    versionColumns: { version: 'Version', source: 'File or link', uploadedBy: 'By', uploadedAt: 'Date' },
    current: 'current',
    acknowledgements: 'Acknowledgements',
    acknowledgementsTitle: (name: string) => `Acknowledgements of ${name}`,
    acknowledgementsIntro: (version: number) =>
      `Who on the firm's staff has acknowledged version ${version}, the current one. A new version needs a new acknowledgement.`,
    acknowledgementStatus: { pending: 'Not acknowledged', acknowledged: 'Acknowledged', all: 'All' },
    acknowledgementColumns: {
      last: 'Last Name',
      first: 'First Name',
      email: 'Email',
      acknowledgedOn: 'Acknowledged Date',
      lastVersion: 'Last Version Acknowledged',
    },
    acknowledgementsEmpty: 'No one to list.',
    returnToResources: 'Return to resources',
    rowActions: (name: string) => `Actions for ${name}`,
    edit: 'Edit',
    remove: 'Remove',
    save: 'Save',
    chooseFile: 'Choose a file',
    clearFile: 'Clear file',
    acknowledgementColumn: 'Acknowledgement',
    sideMenu: 'Training resources',
    opensInNewTab: '(opens in a new tab)',
    searchLabel: 'Search resources',
    staffSearchLabel: 'Search staff',
    staffSearchPlaceholder: 'Search by name or email',
    statusLabel: 'Acknowledgement status',
    listLabel: (name: string) => `${name} resources`,
    firmLabel: 'Firm',
    /** On a new attestation whose acknowledgement dates come from the training resources. */
    attestationDatesFromAcknowledgements:
      'The code of ethics and compliance manual dates are those of your acknowledgements in Training Resources.',
  },
  firms: {
    created: 'Firm created successfully.',
    updated: 'Firm Updated successfully.',
    deleted: 'Firm deleted successfully.',
    nameRequired: 'Firm name is required.',
    hasMembers: (n: number) =>
      `This firm cannot be deleted: ${n} user${n === 1 ? ' belongs' : 's belong'} to it (deleted users count too, since their records name the firm).`,
    logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
    logoSize: 'The logo must be at most 512 KB.',
    logoNotImage: (type: string) =>
      `The file is not a ${type.replace('image/', '').toUpperCase()} image. Upload a PNG, JPEG, WebP or GIF image.`,
    empty: 'No firms found.',
    noMatchingFirm: 'No matching firm',
    noLogo: 'No logo uploaded.',
    graceDays: 'Enter the grace period as a whole number of days from 0 to 90.',
  },
  /** The catalogues of models and fee schedules, and the firms they are offered to (spec 001 §2, §8). */
  investmentModels: {
    created: 'Model created successfully.',
    // The seed's 'Modal updated successfully' was a typo (issue 9).
    updated: 'Model updated successfully.',
    deleted: 'Model deleted successfully.',
    empty: 'No models found.',
    newButton: 'New Model',
    title: 'Models',
    nameLabel: 'Model Name',
    nameRequired: 'Enter the model name.',
    ...catalogueInUse('model'),
  },
  feeSchedules: {
    created: 'Fee schedule created successfully.',
    updated: 'Fee schedule updated successfully.',
    deleted: 'Fee schedule deleted successfully.',
    empty: 'No fee schedule(s) found',
    newButton: 'New Fee Schedule',
    title: 'Fee Schedules',
    nameLabel: 'Fee Schedule',
    nameRequired: 'Enter the fee schedule name.',
    ...catalogueInUse('fee schedule'),
  },
  firmModels: {
    saved: 'Firm model saved',
    updated: 'Firm model updated',
    deleted: 'Firm model deleted',
    // The seed's 'Not firm models found.' was a typo (issue 9).
    empty: 'No firm models found.',
    newButton: 'New Firm Model',
    title: 'Firm Models',
    exists: 'This model is already offered to this firm.',
  },
  firmFeeSchedules: {
    saved: 'Fee schedule saved',
    updated: 'Fee schedule updated',
    deleted: 'Fee schedule deleted',
    empty: 'No firm fee schedules found.',
    newButton: 'New Firm Fee Schedule',
    title: 'Firm Fee Schedules',
    exists: 'This fee schedule is already offered to this firm.',
  },
  /** Field messages shared by the four catalogue forms. */
  catalogues: {
    chooseFirm: 'Choose a firm.',
    chooseModel: 'Choose a model.',
    chooseFeeSchedule: 'Choose a fee schedule.',
    chooseAdvisor: "Choose a financial advisor of the record's firm.",
    advisorOnlySelf: 'An advisor asks only for their own models and fee schedules.',
  },
  attestations: {
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
    // Oversight (issue 8, spec 001 §8).
    notificationSent: 'A quarterly attestation notification was sent to the supervised person',
    noDataToExport: 'No data to export to CSV file',
    listTooLong: (max: number) =>
      `An attestation lists at most ${max} rows here: remove rows that no longer apply, or ask your CCO how to report the rest.`,
    exportProgress: (bytes: number) => `Exporting… ${(bytes / 1_048_576).toFixed(1)} MB received`,
    // The form page and the manager (spec 001 §2).
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
    // A saved row is removed on the server at once (spec 001 §4), so it is asked first.
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
  },
  supervisedPersons: {
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
  },
  /** An attestation's History tab: its audit trail and the original submission. */
  attestationHistory: {
    tab: 'History',
    formTab: 'Attestation',
    loading: 'Loading the history…',
    empty: 'No changes have been recorded for this attestation.',
    viewOriginal: 'View original submission',
    backToHistory: 'Back to history',
    originalTitle: 'Original submission',
    originalNotRecorded:
      'The original submission was not recorded: this attestation was filed before its history was kept.',
    noFieldChanged: 'Saved without changing any field.',
    unknownActor: 'The system',
    redacted: 'Redacted',
    noValue: '—',
    field: 'Field',
    before: 'Before',
    after: 'After',
    /** What an event did, by its action and the record it touched. */
    action: (action: string, entity: string) => {
      if (entity !== 'attestation') return action === 'delete' ? `Removed a ${entity}` : `Changed a ${entity}`;
      if (action === 'create') return 'Submitted the attestation';
      if (action === 'review') return 'Changed the review';
      if (action === 'delete') return 'Deleted the attestation';
      return 'Edited the attestation';
    },
  },
  /** Reminders of the quarterly attestation (issue 8): the mails, and the refusals of the send calls. */
  reminders: {
    subject: (period: string, late: boolean) =>
      late ? `Overdue: your quarterly attestation for ${period}` : `Reminder: your quarterly attestation for ${period}`,
    /** `due` is MM/DD/YYYY; `lead` says why this mail comes now (the filing opened, the due date is near). */
    text: (r: { firstName: string | null; period: string; due: string; late: boolean; lead: string; link: string }) =>
      [
        `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
        '',
        r.lead,
        r.late
          ? `Your quarterly attestation for ${r.period} was due on ${r.due} and has not been filed. Please file it now.`
          : `Please file your quarterly attestation for ${r.period} by ${r.due}.`,
        '',
        `File it here: ${r.link}`,
        '',
        'If you have already filed it, you can ignore this message.',
      ].join('\n'),
    leadManual: 'Your chief compliance officer asks you to file your quarterly attestation.',
    leadOpening: (period: string) => `The filing of quarterly attestations for ${period} is now open.`,
    leadBeforeDue: (days: number) =>
      days <= 0
        ? 'Your quarterly attestation is due today.'
        : `Your quarterly attestation is due in ${days === 1 ? '1 day' : `${days} days`}.`,
    escalationSubject: (firm: string, period: string, count: number) =>
      `${firm}: ${count} supervised ${count === 1 ? 'person has' : 'persons have'} not filed the ${period} attestation`,
    /**
     * `people` are lines "Last, First <email>" with `lastReminded` (and `inactiveNote`); `due` is
     * MM/DD/YYYY.
     */
    escalationText: (r: { firm: string; period: string; due: string; people: string[]; link: string }) =>
      [
        `The quarterly attestation for ${r.period} was due on ${r.due}. These supervised persons of ${r.firm} have not filed it and are delinquent:`,
        '',
        ...r.people.map((p) => `- ${p}`),
        '',
        `Follow up with them, and see where everyone stands: ${r.link}`,
      ].join('\n'),
    /** When the person was last reminded of the period (MM/DD/YYYY), or that they never were. */
    lastReminded: (date: string | null) => (date ? `, last reminded ${date}` : ', never reminded'),
    inactiveNote: ' (account not active: cannot sign in to attest)',
    periodName: (fiscalYear: number, fiscalQuarter: number) => `FY${fiscalYear} Q${fiscalQuarter}`,
    alreadyFiled: (period: string) =>
      `This person has already filed the attestation for ${period}: no reminder was sent.`,
    inactive: 'This person’s account is not active, so they cannot sign in to attest: no reminder was sent.',
    remindedRecently:
      'This person was reminded less than a day ago (see Last Reminded): a supervised person is reminded at most once a day.',
    notBeingFiled: (period: string, current: string) =>
      `Reminders are for the quarter being filed now, ${current}: the attestation form files only that quarter, so a reminder about ${period} could not be acted on.`,
  },
  /**
   * Disclosure documents (Form ADV Part 2A/2B, Form CRS) and the proof of their delivery (issue 10 §4):
   * the versions an administrator uploads, the delivery each client's opening records, the CCO report.
   */
  disclosures: {
    kinds: { adv_2a: 'Form ADV Part 2A', adv_2b: 'Form ADV Part 2B', crs: 'Form CRS' },
    documentsTitle: 'Disclosure Documents',
    deliveriesTitle: 'Disclosure Deliveries',
    onlyClient: 'Only the client can receive a disclosure in the portal.',
    deliveryDate: "Enter today's date: a delivery is recorded on the day the client opens the document.",
    notPublished: (title: string) => `Your firm has not published its ${title} yet.`,
    noPart2B: 'Your firm publishes no Form ADV Part 2B.',
    notReceived: 'This document was not delivered to you.',
    selectKind: 'Select the document.',
    effectiveDate: 'Enter the effective date.',
    materialChangeAdvOnly: 'Only a Form ADV version has a material change.',
    fileType: 'Upload the document as a PDF file.',
    fileTooLarge: 'The file is larger than 10 MB: upload a smaller PDF.',
    notPdf: 'This file is not a PDF: save the document as a PDF and upload it again.',
    fileMissing: 'Choose the PDF file of the document.',
    fileLost: 'The file of this version cannot be found: upload the version again.',
    deliveredNoDelete: 'This version has been delivered to clients: it stays on record as proof of delivery.',
    chooseFirm: 'Choose a firm.',
    uploaded: 'Disclosure version uploaded.',
    deleted: 'Disclosure version deleted.',
    deleteQuestion: (title: string, date: string) => `Delete the ${title} version effective ${date}?`,
    noVersions: 'No version uploaded: the firm’s link is shown to clients, if it has one.',
    externalLink: 'External link',
    current: 'Current',
    upcoming: 'Upcoming',
    materialChange: 'Material change',
    uploadTitle: 'Upload version',
    upload: 'Upload',
    effectiveDateLabel: 'Effective date',
    fileLabel: 'PDF file',
    kindLabel: 'Document',
    statuses: {
      received: 'Received',
      due: 'Due',
      overdue: 'Overdue',
      not_required: 'Not required',
      none: 'No document',
    },
    dueBy: (date: string) => `due by ${date}`,
    notified: (date: string) => `Notified ${date}`,
    deliver: 'Deliver',
    deliverAll: 'Deliver to all due',
    deliverAllQuestion: (firm: string) =>
      `Email each client of ${firm} who is due a disclosure a link to the documents they have not received?`,
    sent: (count: number) =>
      count === 0
        ? 'Nobody was sent a link: no client is due a disclosure.'
        : count === 1
          ? 'A link was sent to 1 client.'
          : `Links were sent to ${count} clients.`,
    sending: (count: number) => `Links are being sent to ${count} clients.`,
    nothingDue: 'This client has received every current disclosure: there is nothing to deliver.',
    notAClient: 'This person is not a client of the firm.',
    empty: 'No clients found.',
    noMatch: 'No client matches the search.',
    exportEmpty: 'No client matches: there is nothing to export.',
    mailSubject: (firm: string) => `${firm}: disclosure documents for you`,
    mailText: (name: string, firm: string, documents: { title: string; link: string }[]) =>
      [
        `Dear ${name},`,
        '',
        `${firm} has published disclosure documents you have not yet received. Please sign in to the portal and open each of them:`,
        '',
        ...documents.map((d) => `${d.title}: ${d.link}`),
        '',
        'The portal records the day you open each document.',
      ].join('\n'),
    received: (date: string) => `Received ${date}`,
    notYetReceived: 'Not yet received',
    // The screens (issue 10 §4): the administrators' versions and the CCO's report.
    firmLabel: 'Firm',
    allFirms: 'All firms',
    chooseFirmToManage: 'Choose a firm to see and upload its disclosure documents.',
    chooseFirmToDeliver: 'Choose a firm to deliver to all of its due clients at once.',
    allKinds: 'All documents',
    columns: {
      document: 'Document',
      effectiveDate: 'Effective Date',
      materialChange: 'Material Change',
      file: 'File',
      uploadedBy: 'Uploaded By',
      uploadedAt: 'Uploaded At',
      client: 'Client',
      advisor: 'Advisor',
      agreementDate: 'Agreement Date',
      firm: 'Firm',
      status: 'Status',
    },
    yes: 'Yes',
    no: 'No',
    noAgreement: 'None yet',
    opensInNewTab: '(opens in a new tab)',
    searchVersionsLabel: 'Search disclosure documents',
    searchClientsLabel: 'Search clients',
    searchClientsPlaceholder: 'Search by first name, last name or email...',
    statusFilter: 'Status',
    allStatuses: 'All',
    firmLinks: 'Shown to clients when a document has no version:',
    formAdvLink: 'Form ADV link',
    formCrsLink: 'Form CRS link',
    noLink: 'none',
    uploadFor: (firm: string) => `Upload version for ${firm}`,
    materialChangeLabel: 'This version contains a material change',
    materialChangeHint: 'Existing clients are then due it within 120 days of the fiscal year end (March 31).',
    effectiveDateHint: 'The day this version takes effect: MM/DD/YYYY. Clients get it from that day on.',
    fileHint: 'A PDF of at most 10 MB.',
    filePlaceholder: 'Choose a PDF',
    clearFile: 'Remove the chosen file',
    fileSize: (size: string) => `Size: ${size}`,
    pickDate: 'Pick the date from a calendar',
    deleteTitle: 'Delete version',
    deliverTitle: 'Deliver disclosure documents',
    deliverQuestion: (client: string) =>
      `Email ${client} a link to each current disclosure document they have not received?`,
    deliverConfirm: 'Send',
    dueAtAgreement: 'due at the agreement',
    overdueSince: (date: string) => `overdue since ${date}`,
    versionOf: (date: string) => `version of ${date}`,
    externalLinkVersion: 'the firm’s link',
    csvExport: 'CSV export',
    exportProgress: (bytes: number) => `Exporting… ${Math.max(1, Math.round(bytes / 1024))} KB received`,
  },
  /** Who has attested for a period, and the reminders a CCO sends (issue 8). */
  submissionStatus: {
    empty: 'No supervised persons found for this period.',
    noMatch: 'No supervised person of this period matches the search.',
    remindAllTitle: 'Remind all pending',
    /** `count` is everyone who has not attested, those whose account is not active included. */
    remindAllQuestion: (firm: string, period: string, count: number) =>
      `Email a reminder to ${count === 1 ? 'the 1 supervised person' : `each of the ${count} supervised persons`} of ${firm} who ${count === 1 ? 'has' : 'have'} not attested for ${period}? Anyone whose account is not active cannot sign in and is not reminded.`,
    /** The answer of 'Remind all pending': who was reminded, and who was passed over as inactive. */
    remindersSent: (count: number, skippedInactive = 0, skippedRecent = 0) => {
      const sent =
        count === 0
          ? skippedInactive === 0 && skippedRecent === 0
            ? 'Nobody was reminded: everyone has attested for this period.'
            : 'Nobody was reminded.'
          : count === 1
            ? 'A reminder was sent to 1 supervised person.'
            : `Reminders were sent to ${count} supervised persons.`;
      const inactive =
        skippedInactive === 0
          ? ''
          : skippedInactive === 1
            ? ' 1 supervised person who has not attested was not reminded: their account is not active.'
            : ` ${skippedInactive} supervised persons who have not attested were not reminded: their accounts are not active.`;
      const recent =
        skippedRecent === 0
          ? ''
          : skippedRecent === 1
            ? ' 1 supervised person was reminded less than a day ago and was not reminded again.'
            : ` ${skippedRecent} supervised persons were reminded less than a day ago and were not reminded again.`;
      return `${sent}${inactive}${recent}`;
    },
    chooseFirm: 'Choose a firm to remind its pending supervised persons.',
    noneToRemind: 'Everyone of this firm has attested for this period.',
  },
  /**
   * Investment strategies and cash requests (spec 001 §2, §5, §8; issue 9): the form's field messages
   * and toasts verbatim, the status moves the investment department makes, and the mails they send.
   */
  investmentStrategies: {
    // An advisor's dropdowns hold what the firm offers (Firm Models / Firm Fee Schedules) and their own.
    noModelsOffered: 'Your firm offers no investment models yet: ask your investment department to add one.',
    noFeeSchedulesOffered: 'Your firm offers no fee schedules yet: ask your investment department to add one.',
    submitted: 'Investment strategy submitted',
    updated: 'Investment strategy updated',
    requiredFieldsMissing: 'Required fields not provided.',
    accountNameRequired: 'Enter the account name.',
    accountNumberRequired: 'Enter the account number.',
    masterCodeRequired: 'Enter the account master code.',
    custodianRequired: 'Enter the custodian.',
    advisorRequired: 'Enter the advisor.',
    relationshipNameRequired: 'Enter the relationship name.',
    feeScheduleRequired: 'Enter the fee schedule.',
    feeMinimumRequired: 'Enter the fee minimum.',
    clientNameRequired: 'Enter the client name.',
    streetRequired: 'Enter the street.',
    cityRequired: 'Enter the city.',
    stateRequired: 'Enter the state.',
    zipRequired: 'Enter the zip code.',
    clientEmailRequired: 'Enter the client email.',
    investmentModelRequired: 'Enter the investment model.',
    tradingAuthorityRequired: 'Enter the trading authority.',
    // The spec gives no message for it: the form has several amounts, so this one names itself.
    distributionAmountRequired: 'Enter the distribution amount.',
    cashTargetPercentage: 'Enter a cash target from 0 to 100 percent, with at most 2 decimals.',
    feeScheduleUnknown: 'Select a fee schedule from the list.',
    investmentModelUnknown: 'Select an investment model from the list.',
    listTitle: 'Investment Strategies',
    newTitle: 'New Investment Strategy',
    editTitle: 'Edit Investment Strategy',
    empty: 'No investment strategies found.',
    sections: {
      portfolio: 'Portfolio Information',
      model: 'Investment Model',
      cash: 'Cash Management',
    },
    /** The list's columns (spec 001 §2). */
    columns: {
      Financial_Account_Name__c: 'Account Name',
      Custodian_Account_Number__c: 'Account Number',
      Account_Master_Code__c: 'Account Master Code',
      Custodian__c: 'Custodian',
      Relationship_Name__c: 'Relationship Name',
      Investment_Model_Name__c: 'Investment Model',
      Status__c: 'Status',
      CreatedDate: 'Submitted Date',
    },
    /** The form's inputs by wire name. */
    labels: {
      ESWA_Portal_Owner_ID__c: 'Client',
      Financial_Account_Name__c: 'Account name',
      Custodian_Account_Number__c: 'Account number',
      Account_Master_Code__c: 'Account master code',
      Custodian__c: 'Custodian',
      Advisor__c: 'Advisor',
      Relationship_Name__c: 'Relationship name',
      Fee_Schedule__c: 'Fee schedule',
      Fee_Minimum__c: 'Fee minimum',
      Client_Name__c: 'Client name',
      Client_Street__c: 'Street',
      Client_City__c: 'City',
      Client_State__c: 'State',
      Client_Zip_Code__c: 'Zip code',
      Client_Email__c: 'Client email',
      Joint_Client_Name__c: 'Joint client name',
      Joint_Client_Street__c: 'Joint client street',
      Joint_Client_City__c: 'Joint client city',
      Joint_Client_State__c: 'Joint client state',
      Joint_Client_Zip_Code__c: 'Joint client zip code',
      Joint_Client_Email__c: 'Joint client email',
      Has_Received_Form_ADV_And_Privacy_Policy__c: 'The client has received Form ADV and the privacy policy',
      Has_Signed_New_Or_Updated_IPS__c: 'The client has signed a new or updated investment policy statement (IPS)',
      Investment_Model__c: 'Investment model',
      Trading_Authority__c: 'Trading authority',
      Cash_Target_Percentage__c: 'Cash target (%)',
      Cash_Target_Dollars__c: 'Cash target ($)',
      Is_Cash_Distributions__c: 'Cash distributions',
      Amount__c: 'Distribution amount',
      Cash_Management_Frequency__c: 'Distribution frequency',
      Cash_Management_Notes__c: 'Cash management notes',
      Status__c: 'Status',
      Status_Reason__c: 'Reason',
      CreatedDate: 'Submitted date',
    },
  },
  cashRequests: {
    submitted: 'Cash request submitted',
    updated: 'Cash request updated',
    requiredFieldsMissing: 'Required field(s) not provided.',
    accountNameRequired: 'Enter the account name.',
    accountNumberRequired: 'Enter the account number.',
    custodianRequired: 'Enter the custodian.',
    relationshipNameRequired: 'Enter the relationship name.',
    typeRequired: 'Enter the cash request type.',
    amountRequired: 'Enter an amount.',
    /** The new form's note (spec 001 §2). */
    recurringNote:
      'For recurring cash disbursement changes, submit a new Investment Strategy form to update the Cash Target.',
    listTitle: 'Cash Requests',
    newTitle: 'New Cash Request',
    editTitle: 'Edit Cash Request',
    empty: 'No cash requests found.',
    columns: {
      Cash_Request_Type__c: 'Type',
      Amount__c: 'Amount (USD)',
      Financial_Account_Name__c: 'Account Name',
      Custodian_Account_Number__c: 'Account Number',
      Custodian__c: 'Custodian',
      Relationship_Name__c: 'Relationship Name',
      Status__c: 'Status',
      CreatedDate: 'Submitted Date',
    },
    labels: {
      ESWA_Portal_Owner_ID__c: 'Client',
      Financial_Account_Name__c: 'Account name',
      Custodian_Account_Number__c: 'Account number',
      Custodian__c: 'Custodian',
      Advisor__c: 'Advisor',
      Relationship_Name__c: 'Relationship name',
      Cash_Request_Type__c: 'Type',
      Amount__c: 'Amount',
      Cash_Request_Notes__c: 'Notes',
      Status__c: 'Status',
      Status_Reason__c: 'Reason',
      CreatedDate: 'Submitted date',
    },
  },
  /** What strategies and cash requests share: the client, the status moves, the mails. */
  investmentRequests: {
    kind: { strategy: 'Investment strategy', cashRequest: 'Cash request' },
    clientRequired: 'Select the client.',
    /** The client picker's text when the typed name matches none of the advisor's clients. */
    noClientFound: 'None of your clients matches.',
    /** The lists' status filter: every status. */
    allStatuses: 'All statuses',
    notYourClient: 'Select one of your clients: an advisor files requests only for their own clients.',
    clientInactive: "This client's account is not active: reactivate it before filing a request for them.",
    advisorsOnly: 'Only financial advisors file investment strategies and cash requests, for their own clients.',
    noFirm: 'Your account belongs to no firm: ask an administrator to place you in one before you file a request.',
    /** Trading authority options (spec 001 §9: "Advisor, or the firm's Investment Department"), by stored value. */
    tradingAuthority: { Advisor: 'Advisor', 'Investment Department': "The firm's Investment Department" },
    statusLabel: 'Status',
    reasonLabel: 'Reason',
    changeStatus: 'Change status',
    statusRequired: 'Select the new status.',
    reasonRequired: 'Enter the reason: it is sent to the advisor who submitted the request.',
    alreadyInStatus: (status: string) => `This request is already ${status}.`,
    moveRefused: (from: string, to: string) => `A request that is ${from} cannot be moved to ${to}.`,
    /** An advisor's edit of a request the investment department has taken up or closed. */
    lockedForEdit: (status: string) =>
      status === 'In Progress'
        ? 'The investment department is working on this request: it can no longer be edited. Submit a new one if something must change.'
        : `This request is ${status} and can no longer be edited. Submit a new one if something must change.`,
    /** The toast after a move, in the style of the spec's ('Investment strategy updated'). */
    statusChanged: (kind: 'strategy' | 'cashRequest', status: string) =>
      `${kind === 'strategy' ? 'Investment strategy' : 'Cash request'} moved to ${status}`,
    /** A custodian account number in a mail: its last 4 characters only. */
    accountEnding: (lastFour: string) => `account ending in ${lastFour}`,
    /** To the firm's investments users when an advisor files a request. */
    newSubject: (kind: 'strategy' | 'cashRequest', account: string) =>
      `New ${kind === 'strategy' ? 'investment strategy' : 'cash request'}: ${account}`,
    /** `detail` is what the department acts on first (the model, or the type and amount of a cash request). */
    newText: (r: {
      kind: 'strategy' | 'cashRequest';
      submitter: string;
      relationship: string;
      account: string;
      accountEnding: string | null;
      detail: string;
      link: string;
    }) =>
      [
        'Hello,',
        '',
        `${r.submitter} submitted a new ${r.kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${r.relationship}: ${r.account}${r.accountEnding ? ` (${r.accountEnding})` : ''}.`,
        r.detail,
        '',
        `Open it to take it up: ${r.link}`,
      ].join('\n'),
    /** To the submitting advisor at each status change. */
    statusSubject: (kind: 'strategy' | 'cashRequest', account: string, status: string) =>
      `Your ${kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${account} is ${status}`,
    statusText: (r: {
      firstName: string | null;
      kind: 'strategy' | 'cashRequest';
      account: string;
      accountEnding: string | null;
      status: string;
      by: string;
      reason: string | null;
      link: string;
    }) =>
      [
        `Hello${r.firstName ? ` ${r.firstName}` : ''},`,
        '',
        `${r.by} of the investment department moved your ${r.kind === 'strategy' ? 'investment strategy' : 'cash request'} for ${r.account}${r.accountEnding ? ` (${r.accountEnding})` : ''} to ${r.status}.`,
        ...reasonLines(r.reason),
        '',
        `See it here: ${r.link}`,
      ].join('\n'),
  },
  /** Issue 11 §4: the client document vault. */
  clientDocuments: {
    title: 'Document Vault',
    intro: 'Documents you and your advisor exchange: statements, signed agreements, tax forms.',
    staffIntro:
      'Documents a client and their advisor exchange: statements, signed agreements, tax forms. Choose the client to open their vault.',
    empty: 'No documents in this vault yet.',
    chooseClientFirst: 'Choose a client to see their documents.',
    upload: 'Upload',
    uploadTitle: 'Upload a document',
    fileLabel: 'File',
    fileHint: (max: string) => `PDF, images, Office documents, CSV or TXT, up to ${max}.`,
    categoryLabel: 'Document type',
    descriptionLabel: 'Description',
    categories: {
      statement: 'Statement',
      signed_agreement: 'Signed agreement',
      tax_form: 'Tax form',
      other: 'Other',
    },
    columns: {
      file_name: 'Document',
      category: 'Type',
      description: 'Description',
      uploaded_by_name: 'Uploaded by',
      uploaded_at: 'Uploaded',
      size: 'Size',
    },
    download: 'Download',
    remove: 'Remove',
    removeTitle: 'Remove document',
    removeQuestion: (name: string) =>
      `Remove ${name} from the vault? It is kept on record, but no longer listed or downloadable.`,
    uploaded: 'Document uploaded.',
    removed: 'Document removed.',
    searchPlaceholder: 'Search by document name or description',
    chooseClient: 'Choose the client whose vault receives the document.',
    chooseCategory: 'Choose the type of document.',
    fileMissing: 'Choose the file to upload.',
    fileType:
      'This kind of file cannot be kept in the vault: upload a PDF, an image, an Office document, a CSV or a text file.',
    fileMismatch: (ext: string) =>
      `This file's content is not a ${ext.toUpperCase()} file: save the document again in its own format and upload it.`,
    fileTooLarge: (max: string) => `The file is larger than ${max}: upload a smaller file.`,
    multipartOnly: 'Send the document as a multipart form: client, file.',
    notAClient: 'Only a client has a document vault.',
    fileLost: 'The file of this document cannot be found: ask for it to be uploaded again.',
    onlyUploader: 'Only the person who uploaded a document can remove it.',
    readOnly: 'Administrators read the vaults of their firm; the client and their advisor add documents.',
  },
  /** Issue 11 §4: a firm's configured links (financial planning, portfolio systems, help portal). */
  firmLinks: {
    title: 'Firm Links',
    intro:
      "Links your firm's people see in their menus: financial planning for clients, portfolio systems and tools for staff, the help portal in the Support menu.",
    empty: 'No links configured for this firm yet.',
    kinds: {
      financial_planning: 'Financial Planning (clients)',
      portfolio: 'Portfolio system / tool (staff)',
      help_portal: 'Help portal (Support menu)',
    },
    columns: { kind: 'Shown as', label: 'Label', url: 'URL' },
    add: 'Add link',
    addTitle: 'Add link',
    editTitle: 'Edit link',
    kindLabel: 'Shown as',
    labelLabel: 'Label',
    urlLabel: 'URL',
    chooseFirm: 'Choose a firm.',
    chooseKind: 'Choose where the link is shown.',
    labelRequired: 'Enter the label people see.',
    urlRequired: 'Enter the address of the site.',
    urlInvalid: 'Enter a web address starting with https:// or http://.',
    created: 'Link added.',
    updated: 'Link updated.',
    deleted: 'Link removed.',
    removeTitle: 'Remove link',
    deleteQuestion: (label: string) => `Remove the link ${label}?`,
    duplicate: 'This firm already has a link of this kind with this label.',
    financialPlanning: 'Financial Planning',
    portfolioSystems: 'Portfolio Systems',
  },
  /** Support cases (spec 001 §2, §8; issue 11 §1): help requests and prayer requests. */
  support: {
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
    /** The form's refusals (spec 001 §5: category and subject are required). */
    subjectRequired: 'Enter the subject.',
    categoryRequired: 'Select the category.',
    categoryUnknown: 'Select one of the categories.',
    statusRequired: 'Select the status.',
    replyRequired: 'Write a reply before sending it.',
    noFirm: 'Your account belongs to no firm: ask an administrator to place you in one before you open a case.',
    /** The status input's note for the submitter (spec 001 §4: disabled for them). */
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
  },
  /** Server-paged lists (the shared DataTable) and their confirmations. */
  lists: {
    recordCount: (count: number) => (count === 1 ? '1 record' : `${count} records`),
    loading: 'Loading…',
    delete: 'Delete',
    cancel: 'Cancel',
    deleteTitle: (name: string) => `Delete ${name}`,
    deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  },
  states: {
    noMatch: 'No matching state',
  },
  home: {
    empty: 'There is nothing to show here yet.',
  },
  /** Issue 11 §5: the firm's calendar (events and compliance deadlines) and each person's ICS feed. */
  calendar: {
    title: 'Calendar',
    monthView: 'Month',
    listView: 'List',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    today: 'Today',
    newEvent: 'New Event',
    editEvent: 'Edit Event',
    eventTitle: 'Title',
    allDay: 'All day',
    start: 'Start',
    end: 'End',
    location: 'Location',
    description: 'Description',
    created: 'Event added to the calendar.',
    updated: 'Event updated.',
    deleted: 'Event removed from the calendar.',
    deleteTitle: 'Remove event',
    deleteQuestion: (title: string) => `Remove “${title}” from the calendar? Everyone in the firm stops seeing it.`,
    emptyMonth: 'No events this month.',
    emptyList: 'No upcoming events or deadlines in this period.',
    complianceDeadline: 'Compliance deadline',
    firmEvent: 'Firm event',
    titleRequired: 'Enter a title.',
    startRequired: 'Enter when the event starts.',
    endRequired: 'Enter when the event ends.',
    date: 'Enter a valid date (MM/DD/YYYY).',
    dateTime: 'Enter a valid date and time.',
    time: 'Enter a time (hh:mm).',
    startTime: 'Start time',
    endTime: 'End time',
    startDate: 'Start date',
    endDate: 'End date',
    endBeforeStart: 'The end must not be before the start.',
    tooLong: (days: number) => `An event may last at most ${days} days.`,
    rangeRequired: 'Give both from and to as dates (YYYY-MM-DD).',
    rangeOrder: 'The end of the range must not be before its start.',
    rangeTooLong: (days: number) => `Ask for at most ${days} days at a time.`,
    noFirm: 'You are not a member of a firm, so you have no firm calendar.',
    // The deadlines the attestation rules fix (rules/fiscal.ts, submission-status.ts, reminder-schedule.ts).
    deadline: {
      filingOpens: (period: string) => `Quarterly attestation opens: ${period}`,
      filingOpensText: (period: string) =>
        `The quarterly attestation for ${period} can be filed from today; a reminder goes out to everyone who has not filed.`,
      reminder: (period: string) => `Attestation reminder: ${period}`,
      reminderText: (period: string, days: number) =>
        `A reminder goes out to everyone who has not filed the ${period} attestation: it is due in ${days} days.`,
      due: (period: string) => `Quarterly attestation due: ${period}`,
      dueText: (period: string, graceDays: number) =>
        `Last day to file the ${period} attestation on time (the firm allows ${graceDays} days after the quarter's filing opens).`,
      escalation: (period: string) => `Late attestations reported: ${period}`,
      escalationText: (period: string) =>
        `The firm's CCOs are mailed the list of people who have not filed the ${period} attestation.`,
      filed: 'Filed',
    },
    feed: {
      title: 'Subscribe in your calendar app',
      text: 'Add this private address to Outlook, Google Calendar or Apple Calendar to see the firm calendar there. Anyone with the address can read your calendar: keep it to yourself.',
      copy: 'Copy address',
      copied: 'Address copied.',
      reset: 'Reset address',
      resetQuestion:
        'Reset your calendar address? Calendar apps subscribed to the current address stop receiving updates until you add the new one.',
      resetDone: 'Your calendar address was reset. Subscribe again with the new address.',
      calendarName: (firm: string) => `${firm} calendar`,
    },
  },
  /** Issue 11 §5: the firm's Life Impact page, written by its administrators for everyone. */
  lifeImpact: {
    title: 'Life Impact',
    empty: 'Nothing has been written here yet. Your firm will share its Life Impact stories on this page soon.',
    edit: 'Edit page',
    save: 'Save page',
    cancel: 'Cancel',
    saved: 'Life Impact page saved.',
    editorLabel: 'Life Impact page content',
    tooLong: (max: number) =>
      `The page is too long: keep it under ${Math.round(max / 1000)} KB of text and formatting.`,
    lastUpdated: (when: string) => `Last updated ${when}`,
  },
  /** Spec 001 §1 (issue 11 §5): the coming-soon countdown of menu entries an administrator switched off. */
  comingSoon: {
    title: 'Coming Soon',
    defaultMessage: 'We are putting the finishing touches on this part of the portal. Check back soon!',
    entryTitle: (label: string) => `${label} is coming soon`,
    days: 'Days',
    hours: 'Hours',
    minutes: 'Minutes',
    seconds: 'Seconds',
    countdownLabel: (d: number, h: number, m: number, s: number) =>
      `${d} days, ${h} hours, ${m} minutes and ${s} seconds to go`,
    arrived: 'The wait is almost over: this page opens any moment now.',
    noDate: 'The launch date has not been announced yet.',
    opensOn: (when: string) => `Opening ${when}`,
    backHome: 'Back to home',
    settingsTitle: 'Coming Soon Pages',
    settingsIntro:
      'Switch off menu entries that are not ready for your firm: people who choose one see the coming-soon card with the countdown below instead.',
    switchedOff: 'Switched-off menu entries',
    switchedOffPlaceholder: 'Choose menu entries',
    targetDate: 'Launch date',
    targetTime: 'Launch time',
    message: 'Message',
    save: 'Save',
    saved: 'Coming-soon settings saved.',
    preview: 'Preview the full page',
    unknownEntry: 'Choose menu entries from the list.',
    targetFormat: 'Enter a valid date and time.',
    noFirm: 'You are not a member of a firm, so there are no firm settings to change.',
  },
  http: {
    badRequest: 'The request is not valid.',
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: 'The request is too large.',
    unsupportedMediaType: 'The request must be sent as JSON.',
    oneFile: 'Send one file, in the field named file.',
    repeatedField: 'Send this field once.',
    notFound: 'Not found.',
    forbidden: 'You do not have permission to perform this action.',
    internal: 'Something went wrong on our side. Please try again.',
    required: 'This field is required.',
    badCharacter: 'This field contains a character that is not allowed.',
    rowNotOwned: 'This row does not belong to this record.',
    unreachable: 'The server could not be reached. Check your connection and try again.',
    pageNotFound: 'The page you are looking for does not exist or has moved.',
  },
  /**
   * Client onboarding (spec 001 §2, §4, §5, §8; issue 10): the client agreement's inline messages and
   * toasts verbatim, the format checks beyond the spec's presence checks, and the refusals.
   */
  clientAgreements: {
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
    // Beyond presence (issue 10): the formats a value must have.
    ssn: 'Enter a 9-digit social security number.',
    taxId: 'Enter a 9-digit tax id.',
    zip: 'Enter a 5- or 9-digit zip code.',
    phone: 'Enter a phone number.',
    state: 'Select a state from the list.',
    // A value off a dropdown's list (an old form, a hand-made request); none at all is the spec's 'Enter …'.
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
  },
  investorProfiles: {
    found: 'Investor profile found.',
    saved: 'Investor profile saved.',
    notFound: 'Investor profile not found.',
    selectOption: 'Please select an option',
    notExhibitBUser: 'This client does not use the Exhibit B investor profile.',
    advisorNote: 'Do not use Exhibit B Investor(s) Profile Form if private assets are held.',
    clientNote:
      'Please promptly notify your Advisor of any material change in life or financial circumstances that may change the investment objectives for managing the Portfolio.',
  },
  onboarding: {
    allDone: 'You completed and viewed all forms.',
    steps: {
      client_agreement: 'Client Agreement Profile',
      investor_profile: 'Exhibit B Investor(s) Profile',
      form_adv: 'Form ADV Part 2A and 2B',
      form_crs: 'Form CRS',
    },
    /** The clients' first Forms menu entry: /forms/, the steps page (and its all-done message). */
    allForms: 'All Forms',
    // The screens' own words: labels, section titles, step states, the investor profile's questions.
    forms: {
      title: 'Forms',
      staffIntro: 'The forms you fill in for your clients.',
      clientIntro: 'Complete each step in order. A step opens once the one before it is done.',
      state: { done: 'Done', viewed: 'Viewed', open: 'To do', locked: 'Not yet available' },
      dismiss: 'Dismiss',
      newVersion: (documents: string) =>
        `Your firm has published a new version of ${documents}. Please open it to receive it.`,
    },
    clientAgreement: {
      formType: 'Form type',
      client: 'Client',
      clientType: 'Client Type',
      chooseClient: 'Choose a client to open their client agreement.',
      chooseType: 'Choose Individual Client or Joint Clients to start.',
      noClients: 'You have no clients yet.',
      adminReadOnly: 'Firm administrators can read a client agreement; the client or their advisor fills it in.',
      agreementDate: (date: string) => `Client agreement date: ${date}`,
      showPii: 'Show sensitive values',
      piiHidden:
        'Social security numbers, tax ids, dates of birth and license numbers show masked. Type over a value to change it.',
      save: 'Save',
      sections: {
        name: 'Name',
        company: 'Company or trust',
        home: 'Home address',
        mailing: 'Mailing address',
        work: 'Work address (optional)',
        contact: 'Phones and email',
        employment: 'Employment',
        identity: "Date of birth, social security number and driver's license",
      },
      fields: {
        name: 'First name, middle initial, last name',
        companyOrTrust: 'Company or trust name',
        trusteeOrCorporateOfficer: 'Trustee or corporate officer',
        companyOrTrustTaxId: 'Company or trust tax id',
        street: 'Street',
        city: 'City',
        state: 'State',
        zip: 'Zip code',
        cellPhone: 'Cell phone',
        businessPhone: 'Business phone',
        homePhone: 'Home phone',
        email: 'Email address',
        mailPreference: 'Mailing preference',
        employmentStatus: 'Employment status',
        employer: 'Employer',
        occupation: 'Occupation',
        employedByBrokerDealer: 'Employed by a broker-dealer',
        seniorOfficer: 'Senior officer of a public company',
        publicCompany: 'Public company name',
        dob: 'Date of birth',
        ssn: 'Social security number',
        driversLicense: "Driver's license number",
        licenseIssueDate: "Driver's license issue date",
        licenseIssueState: "Driver's license issue state",
        licenseExpirationDate: "Driver's license expiration date",
      },
    },
    investorProfile: {
      client: 'Client',
      chooseClient: 'Choose a client to open their investor profile.',
      undo: 'Undo',
      save: 'Save',
      status: (status: string) => `Status: ${status}`,
      allocationGroup: { Conservative: 'Conservative', Balanced: 'Balanced', Growth: 'Growth' },
      questions: {
        IP_Relationship_Time_Horizon__c: 'How long do you expect the advisory relationship to last?',
        IP_Relationship_Withdrawal_Period__c: 'When do you expect to begin withdrawing from the portfolio?',
        IP_Percentage_Withdrawal__c: 'What percentage of the portfolio do you expect to withdraw each year?',
        IP_Risk_Tolerance__c: 'What is your tolerance for risk?',
        IP_Sources_of_Income__c: 'How stable are your sources of income?',
        IP_Percent_of_Wealth__c: 'What percentage of your wealth does this portfolio represent?',
        IP_Investment_Experience__c: 'What is your investment experience?',
        IP_Socially_Responsible_Investing__c: 'Do you want socially responsible investing?',
        IP_Asset_Allocation__c: 'Which asset allocation (stocks/bonds) do you prefer?',
      },
    },
    disclosures: {
      advIntro: 'Open each part of the firm’s Form ADV. Opening it records that you received it.',
      crsIntro: 'Open the firm’s Form CRS. Opening it records that you received it.',
      effective: (date: string) => `Effective ${date}`,
      none: 'The firm has not published this document yet. Please ask your advisor.',
    },
    /** A read of the screen failed (the toast said why): the screen offers to read it again. */
    loadFailed: 'This could not be loaded.',
    retry: 'Try again',
  },
  /** Field messages of the shared schemas (server and web validate with the same ones). */
  validation: {
    /** A form sent back with messages on its inputs (the first one in error gets the focus). */
    correctHighlighted: 'Please correct the highlighted fields.',
    required: 'This field is required.',
    email: 'Enter a valid email address.',
    enterEmail: 'Please enter your email address.',
    wholeNumber: 'Enter a whole number.',
    id: 'Enter a valid id.',
    date: 'Enter a valid date (MM/DD/YYYY).',
    url: 'Enter a valid URL starting with http:// or https://.',
    salutation: 'Select Miss, Mr., Mrs. or Ms.',
    value: 'Enter a valid value.',
    expected: (what: string) => `Expected ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}.`,
    minLength: (n: number | bigint) => `Ensure this field has at least ${n} characters.`,
    maxLength: (n: number | bigint) => `Ensure this field has no more than ${n} characters.`,
    /** A one-line input (a name, an account, an address line) sent with a line break. */
    oneLine: 'Enter this on one line.',
    min: (n: number | bigint) => `Ensure this value is at least ${n}.`,
    max: (n: number | bigint) => `Ensure this value is at most ${n}.`,
    oneOf: (values: string[]) => `Select one of: ${values.join(', ')}.`,
    unknownFields: (keys: string[]) => `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`,
    /** Money (numeric(14,2)): dollars and cents, the largest amount the column holds. */
    moneyFormat: 'Enter an amount in dollars with at most 2 decimals, such as 250.00.',
    moneyPositive: 'The amount must be positive: enter an amount greater than zero.',
    moneyNotNegative: 'The amount cannot be negative.',
    moneyTooLarge: 'Enter an amount of at most $999,999,999,999.99.',
  },
  frame: {
    // Shown by index.html's frame to a browser that runs no scripts (its loading bar would spin forever).
    noScript: 'This portal needs JavaScript: turn it on in your browser, then reload the page.',
  },
  footer: {
    disclaimer:
      'Investment advice offered through a registered investment advisor. The advisor may only transact business in those states in which it is registered, or qualifies for an exemption or exclusion from registration requirements.',
  },
} as const;
