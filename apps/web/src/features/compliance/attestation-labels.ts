import { messages } from '@portal/domain';

const m = messages.attestations;

/**
 * The attestation form's labels by wire name, for what shows a field outside the form (its history).
 * Kept beside the form's own so a renamed input is renamed here too.
 */
export const FIELD_LABELS: Record<string, string> = {
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
  ...m.questions,
  ...m.statements,
  IA_Manual_Attestation_Date__c: 'Compliance manual attestation date',
  Code_of_Ethics_Attestation_Date__c: 'Code of ethics attestation date',
  BusinessFinancialOrPersonalRelationships__c: 'Business, financial or personal relationships with clients',
  ServesAs__c: 'Serves as (director, officer, trustee or similar roles outside the firm)',
  Status__c: 'Status',
  Reviewed_Date__c: 'Reviewed date',
  Reviewed_By__c: 'Reviewed by',
  Reviewed_By_Tk__c: 'Reviewer (user id)',
  Over_De_Minimis__c: 'Over de minimis',
};

/** Each list's row name (as the form's row legends say it) and its fields' labels. */
export const LIST_LABELS: Record<string, { row: string; fields: Record<string, string> }> = {
  Personal_Securities__r: {
    row: 'Personal security',
    fields: {
      Account_Owner__c: 'Account owner',
      Custodian__c: 'Custodian',
      Account_Number__c: 'Account number',
      Account_Type__c: 'Account type',
    },
  },
  Outside_Business_Activities__r: {
    row: 'Outside business activity',
    fields: { Name: 'Activity name', Approved_By__c: 'Approved by', Approved_Date__c: 'Approved date' },
  },
  Political_Contributions__r: {
    row: 'Political contribution',
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
};

/** A change's field as a person reads it: the form's label, a row's prefixed with its list and row. */
export function fieldLabel(change: { field: string; list?: string; row?: number }): string {
  if (!change.list) return FIELD_LABELS[change.field] ?? change.field;
  const list = LIST_LABELS[change.list];
  const field = list?.fields[change.field] ?? change.field;
  return `${list?.row ?? change.list} #${change.row}: ${field}`;
}
