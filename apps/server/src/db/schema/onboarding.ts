import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

/**
 * A client's agreement profile: one per client user. The PII columns (SSNs, tax ids,
 * dates of birth, driver's licence numbers) hold `platform/pii.ts` values, never clear text. The firm
 * is the client's when the agreement was made, for the record (its audit events name it); who may
 * read or write the agreement follows the client's current firm (`profiles.firm_id`).
 */
export const clientAgreements = pgTable(
  'client_agreements',
  {
    id: serial('id').primaryKey(),
    portalUserId: integer('portal_user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    name: text('name').notNull(),
    agreementDate: date('agreement_date', { mode: 'string' }).notNull(),
    formType: text('form_type').notNull().default('Individual Client'),
    clientType: text('client_type').notNull().default('Standard'),
    clientName: text('client_name'),
    clientCompanyOrTrust: text('client_company_or_trust'),
    clientTrusteeOrCorporateOfficer: text('client_trustee_or_corporate_officer'),
    clientCompanyOrTrustTaxId: text('client_company_or_trust_tax_id'),
    clientHomeStreet: text('client_home_street'),
    clientHomeCity: text('client_home_city'),
    clientHomeState: text('client_home_state'),
    clientHomeZip: text('client_home_zip'),
    clientMailingStreet: text('client_mailing_street'),
    clientMailingCity: text('client_mailing_city'),
    clientMailingState: text('client_mailing_state'),
    clientMailingZip: text('client_mailing_zip'),
    clientWorkStreet: text('client_work_street'),
    clientWorkCity: text('client_work_city'),
    clientWorkState: text('client_work_state'),
    clientWorkZip: text('client_work_zip'),
    clientCellPhone: text('client_cell_phone'),
    clientBusinessPhone: text('client_business_phone'),
    clientHomePhone: text('client_home_phone'),
    clientEmail: text('client_email'),
    clientDob: text('client_dob'),
    clientSsn: text('client_ssn'),
    clientMailPreference: text('client_mail_preference'),
    clientEmploymentStatus: text('client_employment_status'),
    clientEmployer: text('client_employer'),
    clientOccupation: text('client_occupation'),
    clientEmployedByBrokerDealer: boolean('client_employed_by_broker_dealer').notNull().default(false),
    clientSeniorOfficerOfPublicCompany: boolean('client_senior_officer_of_public_company').notNull().default(false),
    clientPublicCompany: text('client_public_company'),
    clientDriversLicense: text('client_drivers_license'),
    clientDriversLicenseIssueDate: date('client_drivers_license_issue_date', { mode: 'string' }),
    clientDriversLicenseIssueState: text('client_drivers_license_issue_state'),
    clientDriversLicenseExpirationDate: date('client_drivers_license_expiration_date', { mode: 'string' }),
    jointName: text('joint_name'),
    jointCompanyOrTrust: text('joint_company_or_trust'),
    jointTrusteeOrCorporateOfficer: text('joint_trustee_or_corporate_officer'),
    jointCompanyOrTrustTaxId: text('joint_company_or_trust_tax_id'),
    jointHomeStreet: text('joint_home_street'),
    jointHomeCity: text('joint_home_city'),
    jointHomeState: text('joint_home_state'),
    jointHomeZip: text('joint_home_zip'),
    jointMailingStreet: text('joint_mailing_street'),
    jointMailingCity: text('joint_mailing_city'),
    jointMailingState: text('joint_mailing_state'),
    jointMailingZip: text('joint_mailing_zip'),
    jointWorkStreet: text('joint_work_street'),
    jointWorkCity: text('joint_work_city'),
    jointWorkState: text('joint_work_state'),
    jointWorkZip: text('joint_work_zip'),
    jointCellPhone: text('joint_cell_phone'),
    jointBusinessPhone: text('joint_business_phone'),
    jointHomePhone: text('joint_home_phone'),
    jointEmail: text('joint_email'),
    jointDob: text('joint_dob'),
    jointSsn: text('joint_ssn'),
    jointMailPreference: text('joint_mail_preference'),
    jointEmploymentStatus: text('joint_employment_status'),
    jointEmployer: text('joint_employer'),
    jointOccupation: text('joint_occupation'),
    jointEmployedByBrokerDealer: boolean('joint_employed_by_broker_dealer').notNull().default(false),
    jointSeniorOfficerOfPublicCompany: boolean('joint_senior_officer_of_public_company').notNull().default(false),
    jointPublicCompany: text('joint_public_company'),
    jointDriversLicense: text('joint_drivers_license'),
    jointDriversLicenseIssueDate: date('joint_drivers_license_issue_date', { mode: 'string' }),
    jointDriversLicenseIssueState: text('joint_drivers_license_issue_state'),
    jointDriversLicenseExpirationDate: date('joint_drivers_license_expiration_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
    createdById: integer('created_by_id').references((): AnyPgColumn => users.id),
    updatedById: integer('updated_by_id').references((): AnyPgColumn => users.id),
  },
  (t) => [index('client_agreements_firm_idx').on(t.firmId)],
);

/** A client's Exhibit B investor profile: one per client user. */
export const investorProfiles = pgTable('investor_profiles', {
  id: serial('id').primaryKey(),
  portalUserId: integer('portal_user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  firmId: integer('firm_id')
    .notNull()
    .references(() => firms.id),
  relationshipTimeHorizon: text('relationship_time_horizon').notNull(),
  relationshipWithdrawalPeriod: text('relationship_withdrawal_period').notNull(),
  percentageWithdrawal: text('percentage_withdrawal').notNull(),
  riskTolerance: text('risk_tolerance').notNull(),
  sourcesOfIncome: text('sources_of_income').notNull(),
  percentOfWealth: text('percent_of_wealth').notNull(),
  investmentExperience: text('investment_experience').notNull(),
  sociallyResponsibleInvesting: text('socially_responsible_investing').notNull(),
  assetAllocation: text('asset_allocation').notNull(),
  /** Submitted, then Updated. */
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  createdById: integer('created_by_id').references((): AnyPgColumn => users.id),
  updatedById: integer('updated_by_id').references((): AnyPgColumn => users.id),
});
