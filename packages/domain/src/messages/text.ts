/** What uses a model or fee schedule, as its delete and firm-move refusals say it. */
export interface CatalogueUses {
  strategies: number;
  firms: number;
  /** Uses in firms the caller does not reach: counted, never described. */
  elsewhere: number;
}

export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'used by 2 investment strategies and offered to 1 firm': only the uses there are. */
export const usesText = (u: CatalogueUses) => {
  const parts = [
    u.strategies ? `used by ${counted(u.strategies, 'investment strategy', 'investment strategies')}` : '',
    u.firms ? `offered to ${counted(u.firms, 'firm', 'firms')}` : '',
    u.elsewhere ? `used by ${counted(u.elsewhere, 'record', 'records')} of other firms` : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'in use');
};

/** The refusals of one catalogue, worded with its own noun. */
export const catalogueInUse = (noun: string) => ({
  inUse: (u: CatalogueUses) => `This ${noun} is ${usesText(u)}: it cannot be deleted.`,
  firmInUse: (u: CatalogueUses) =>
    `This ${noun} is ${usesText(u)}: it cannot move to another firm. Create a new ${noun} for that firm instead.`,
  aliasDiffers: (alias: string) => `The name and ${alias} differ: send the ${noun}'s name once.`,
});

/** The attestation's yes/no questions by wire name, as the form asks them. */
export const attestationQuestions = {
  Solicitor_Referral_Relationships__c: 'Do you have any solicitor or referral relationships?',
  Non_Advisory_Compensation_Arrangements__c: 'Do you have any non-advisory compensation arrangements?',
  Is_Covered_Associate__c: 'Are you a covered associate (pay-to-play rule, Rule 206(4)-5)?',
  Is_Access_Person__c: 'Are you an access person under the code of ethics?',
} as const;

/** The attestation's statements a person confirms, by wire name. */
export const attestationStatements = {
  Has_Reported_Previous_Securities__c:
    'I have reported all my personal securities accounts and holdings as the code of ethics requires.',
  Has_Received_Gratuities__c: 'I have reported every gift or gratuity I received, as the code of ethics requires.',
  Is_Compliant__c: 'I have complied with the compliance manual and the code of ethics during this period.',
  hasNotUsedPersonalDevice__c: 'I have not used a personal device or account for business communications.',
} as const;
