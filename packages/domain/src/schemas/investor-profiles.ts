import { z } from 'zod';
import { messages } from '../messages.js';
import { optionalEmail, recordId } from './common.js';
import { defineFields, readSchema, writeSchema } from './field-table.js';

const m = messages.investorProfiles;

/** The nine questions' options, exactly as stored and shown (the web's radio groups read them here). */
export const IP_RELATIONSHIP_TIME_HORIZONS = [
  'Under 1 year',
  '1-2 years',
  '3-5 years',
  '6-10 years',
  '11-20 years',
  'Over 20 years',
] as const;
export const IP_RELATIONSHIP_WITHDRAWAL_PERIODS = [
  'Under 5 years',
  '5-10 years',
  '10-20 years',
  'Over 20 years',
] as const;
export const IP_PERCENTAGE_WITHDRAWALS = ['0%', '1-4%', '5-10%', 'Over 10%'] as const;
export const IP_RISK_TOLERANCES = [
  'Low (Loss of 5% for even greater long-term gain)',
  'Moderate (15%)',
  'High (30%)',
] as const;
export const IP_SOURCES_OF_INCOME = ['Very unstable', 'Unstable', 'Somewhat stable', 'Stable', 'Very stable'] as const;
export const IP_PERCENTS_OF_WEALTH = ['0-25%', '25-50%', '50-75%', '75-100%'] as const;
export const IP_INVESTMENT_EXPERIENCES = [
  'Inexperienced',
  'Somewhat experienced',
  'Experienced',
  'Very experienced',
] as const;
export const IP_SOCIALLY_RESPONSIBLE_INVESTING = ['Yes', 'No'] as const;
/** Stocks/bonds, in three groups: Conservative, Balanced, Growth (the form shows the group beside its options). */
export const IP_ASSET_ALLOCATION_GROUPS = {
  Conservative: ['0/100', '10/90', '20/80', '30/70'],
  Balanced: ['40/60', '50/50', '60/40'],
  Growth: ['70/30', '80/20', '90/10', '100/0'],
} as const;
export const IP_ASSET_ALLOCATIONS = [
  ...IP_ASSET_ALLOCATION_GROUPS.Conservative,
  ...IP_ASSET_ALLOCATION_GROUPS.Balanced,
  ...IP_ASSET_ALLOCATION_GROUPS.Growth,
] as const;

export const INVESTOR_PROFILE_STATUSES = ['Submitted', 'Updated'] as const;
export type InvestorProfileStatus = (typeof INVESTOR_PROFILE_STATUSES)[number];

/** A required radio: 'Please select an option' when none is chosen, the list when off it. */
const question = <const T extends readonly [string, ...string[]]>(column: string, options: T) => ({
  column,
  read: z.enum(options),
  write: z.string({ error: m.selectOption }).trim().min(1, m.selectOption).pipe(z.enum(options)),
  set: 'editor' as const,
});

/** The questions by wire name, in the form's order, with their options. */
export const INVESTOR_PROFILE_QUESTIONS = {
  IP_Relationship_Time_Horizon__c: IP_RELATIONSHIP_TIME_HORIZONS,
  IP_Relationship_Withdrawal_Period__c: IP_RELATIONSHIP_WITHDRAWAL_PERIODS,
  IP_Percentage_Withdrawal__c: IP_PERCENTAGE_WITHDRAWALS,
  IP_Risk_Tolerance__c: IP_RISK_TOLERANCES,
  IP_Sources_of_Income__c: IP_SOURCES_OF_INCOME,
  IP_Percent_of_Wealth__c: IP_PERCENTS_OF_WEALTH,
  IP_Investment_Experience__c: IP_INVESTMENT_EXPERIENCES,
  IP_Socially_Responsible_Investing__c: IP_SOCIALLY_RESPONSIBLE_INVESTING,
  IP_Asset_Allocation__c: IP_ASSET_ALLOCATIONS,
} as const;

/**
 * The Exhibit B investor profile of one client user: nine questions, the status the
 * server sets (Submitted, then Updated; `Status__c` carries the same value) and the client's email.
 */
export const investorProfileFields = defineFields({
  Id: { column: 'id', read: z.number().int(), set: 'server' },
  /** The client's email (the GET's `portalUserEmail` parameter), as the users table has it now. */
  portalUserEmail: { column: 'portalUserEmail', read: z.string().nullable(), set: 'server' },
  IP_Relationship_Time_Horizon__c: question('relationshipTimeHorizon', IP_RELATIONSHIP_TIME_HORIZONS),
  IP_Relationship_Withdrawal_Period__c: question('relationshipWithdrawalPeriod', IP_RELATIONSHIP_WITHDRAWAL_PERIODS),
  IP_Percentage_Withdrawal__c: question('percentageWithdrawal', IP_PERCENTAGE_WITHDRAWALS),
  IP_Risk_Tolerance__c: question('riskTolerance', IP_RISK_TOLERANCES),
  IP_Sources_of_Income__c: question('sourcesOfIncome', IP_SOURCES_OF_INCOME),
  IP_Percent_of_Wealth__c: question('percentOfWealth', IP_PERCENTS_OF_WEALTH),
  IP_Investment_Experience__c: question('investmentExperience', IP_INVESTMENT_EXPERIENCES),
  IP_Socially_Responsible_Investing__c: question('sociallyResponsibleInvesting', IP_SOCIALLY_RESPONSIBLE_INVESTING),
  IP_Asset_Allocation__c: question('assetAllocation', IP_ASSET_ALLOCATIONS),
  Investor_Profile_Status__c: { column: 'status', read: z.enum(INVESTOR_PROFILE_STATUSES), set: 'server' },
  Status__c: { column: 'status', read: z.enum(INVESTOR_PROFILE_STATUSES), set: 'server' },
});

export const investorProfileSchema = readSchema(investorProfileFields);
export type InvestorProfile = z.infer<typeof investorProfileSchema>;

/** The PUT body: the nine answers, all required. Echoed server fields are ignored when unchanged. */
export const investorProfileBody = writeSchema(investorProfileFields);
export type InvestorProfileBody = z.infer<typeof investorProfileBody>;

/**
 * The status a save leaves: a new record becomes Submitted; an existing one
 * whose status is not Submitted (none, or Updated) becomes Submitted; a Submitted one becomes Updated.
 */
export const nextInvestorProfileStatus = (current: string | null): InvestorProfileStatus =>
  current === 'Submitted' ? 'Updated' : 'Submitted';

/** `GET /api/investor_profile/{userId}/?portalUserEmail=`: the email, when sent, must be the client's. */
export const investorProfileQuery = z.object({ portalUserEmail: optionalEmail });

/** A client user's id in the path (`/api/investor_profile/{userId}/`, `/api/onboarding/{userId}/status/`). */
export const userIdParam = z.object({ userId: recordId });
