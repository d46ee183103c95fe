import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { firms } from './firms.js';
import { users } from './users.js';

const day = (name: string) => date(name, { mode: 'string' });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
};

/**
 * Quarterly attestations. Kept for the examiner (Rule 204-2: five years): a delete only
 * sets `deleted_at`, and the names the record showed are stored with it, not looked up.
 */
export const attestations = pgTable(
  'quarterly_attestations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references((): AnyPgColumn => users.id),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id),
    firmName: text('firm_name'),
    firmAbbreviation: text('firm_abbreviation'),
    fiscalYear: smallint('fiscal_year').notNull(),
    fiscalQuarter: smallint('fiscal_quarter').notNull(),
    status: text('status').notNull().default('Submitted'),
    submittedDate: day('submitted_date').notNull(),
    reviewedDate: day('reviewed_date'),
    reviewedById: integer('reviewed_by_id').references((): AnyPgColumn => users.id),
    reviewedByName: text('reviewed_by_name'),
    overDeMinimis: boolean('over_de_minimis').notNull().default(false),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title'),
    employmentDate: day('employment_date').notNull(),
    workPhone: text('work_phone'),
    homePhone: text('home_phone'),
    mobilePhone: text('mobile_phone'),
    workEmail: text('work_email'),
    personalEmail: text('personal_email'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    crdNumber: text('crd_number'),
    insuranceLicense: text('insurance_license'),
    brokerDealer: text('broker_dealer'),
    statesRegistered: text('states_registered'),
    statesClientsReside: text('states_clients_reside'),
    cfp: boolean('cfp').notNull().default(false),
    chfc: boolean('chfc').notNull().default(false),
    cfa: boolean('cfa').notNull().default(false),
    pfs: boolean('pfs').notNull().default(false),
    cic: boolean('cic').notNull().default(false),
    cka: boolean('cka').notNull().default(false),
    series7: boolean('series_7').notNull().default(false),
    series24: boolean('series_24').notNull().default(false),
    series65: boolean('series_65').notNull().default(false),
    series66: boolean('series_66').notNull().default(false),
    otherQualifications: text('other_qualifications'),
    solicitorReferralRelationships: text('solicitor_referral_relationships').notNull().default('false'),
    nonAdvisoryCompensationArrangements: text('non_advisory_compensation_arrangements').notNull().default('false'),
    isCoveredAssociate: text('is_covered_associate').notNull().default('false'),
    isAccessPerson: text('is_access_person').notNull().default('false'),
    linkedIn: boolean('linkedin').notNull().default(false),
    facebook: boolean('facebook').notNull().default(false),
    twitter: boolean('twitter').notNull().default(false),
    youTube: boolean('youtube').notNull().default(false),
    otherSocialMedia: text('other_social_media'),
    businessRelationships: text('business_relationships'),
    servesAs: text('serves_as'),
    hasReportedPreviousSecurities: boolean('has_reported_previous_securities').notNull().default(true),
    iaManualAttestationDate: day('ia_manual_attestation_date'),
    codeOfEthicsAttestationDate: day('code_of_ethics_attestation_date'),
    hasReceivedGratuities: boolean('has_received_gratuities').notNull().default(true),
    isCompliant: boolean('is_compliant').notNull().default(true),
    hasNotUsedPersonalDevice: boolean('has_not_used_personal_device').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: integer('deleted_by_id').references((): AnyPgColumn => users.id),
    ...stamps,
  },
  (t) => [
    // One attestation per person per period; a deleted one no longer counts.
    uniqueIndex('attestations_owner_period_key')
      .on(t.ownerId, t.fiscalYear, t.fiscalQuarter)
      .where(sql`${t.deletedAt} is null`),
    // The manager's default view: a firm's period, newest first.
    index('attestations_firm_period_idx')
      .on(t.firmId, t.fiscalYear, t.fiscalQuarter, t.submittedDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    // A firm's attestations of every period: newest first (the list's default order) and by name. The
    // period's index does not serve them: without a period, the firm's thousands were sorted for each page.
    index('attestations_firm_submitted_idx')
      .on(t.firmId, t.submittedDate.desc().nullsLast(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('attestations_firm_name_idx').on(t.firmId, t.name.asc().nullsLast(), t.id).where(sql`${t.deletedAt} is null`),
    // The name search, within a firm (a CCO's) or across all (a super CCO's): one GIN over the firm
    // and the name's trigrams (btree_gin), so a firm's matches are found without visiting the others'.
    index('attestations_firm_name_trgm_idx')
      .using('gin', t.firmId, sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.deletedAt} is null`),
  ],
);

const child = {
  id: serial('id').primaryKey(),
  attestationId: integer('attestation_id')
    .notNull()
    .references(() => attestations.id),
  ...stamps,
};

export const personalSecurities = pgTable(
  'personal_securities',
  {
    ...child,
    accountOwner: text('account_owner').notNull(),
    accountNumber: text('account_number').notNull(),
    accountType: text('account_type'),
    custodian: text('custodian').notNull(),
  },
  (t) => [index('personal_securities_attestation_idx').on(t.attestationId)],
);

export const outsideBusinessActivities = pgTable(
  'outside_business_activities',
  {
    ...child,
    name: text('name').notNull(),
    approvedBy: text('approved_by').notNull(),
    approvedDate: day('approved_date').notNull(),
  },
  (t) => [index('outside_business_activities_attestation_idx').on(t.attestationId)],
);

export const politicalContributions = pgTable(
  'political_contributions',
  {
    ...child,
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    candidateName: text('candidate_name').notNull(),
    politicalRace: text('political_race').notNull(),
    electionDate: day('election_date').notNull(),
    mayVote: boolean('may_vote').notNull().default(false),
    approvedBy: text('approved_by').notNull(),
    approvedDate: day('approved_date').notNull(),
    overDeMinimis: boolean('over_de_minimis').notNull().default(false),
  },
  (t) => [index('political_contributions_attestation_idx').on(t.attestationId)],
);

/**
 * The roster of supervised persons. Removing someone sets `removed_at`: Rule 204-2 keeps
 * the names of access persons for five years, so the row and its dates stay.
 */
export const supervisedPersons = pgTable(
  'supervised_persons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    hasToSubmitPersonalSecurities: boolean('has_to_submit_personal_securities').notNull().default(false),
    hasToSubmitOutsideBusinessActivities: boolean('has_to_submit_outside_business_activities').notNull().default(false),
    hasToSubmitPoliticalContributions: boolean('has_to_submit_political_contributions').notNull().default(false),
    addedById: integer('added_by_id').references(() => users.id),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedById: integer('removed_by_id').references(() => users.id),
    ...stamps,
  },
  (t) => [uniqueIndex('supervised_persons_user_key').on(t.userId).where(sql`${t.removedAt} is null`)],
);

/**
 * Each reminder of the quarterly attestation mailed: to a person ('manual' by a CCO, or the
 * schedule's 'opening' and 'before_due'), or a firm's escalation to its CCOs (no person). The schedule's
 * are unique per person (or firm), period and kind, so the database keeps "once" true even when two
 * instances run the schedule together; a CCO's may repeat, each recorded.
 */
export const attestationReminders = pgTable(
  'attestation_reminders',
  {
    id: serial('id').primaryKey(),
    /** The person reminded; null for an escalation, which goes to the firm's CCOs. */
    userId: integer('user_id').references(() => users.id),
    /** The person's firm when reminded (a person may belong to none); the firm escalated. */
    firmId: integer('firm_id').references(() => firms.id),
    fiscalYear: smallint('fiscal_year').notNull(),
    fiscalQuarter: smallint('fiscal_quarter').notNull(),
    kind: text('kind', { enum: ['manual', 'opening', 'before_due', 'escalation'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().default(sql`now()`),
    /** The CCO who sent it; null for the schedule's. */
    sentById: integer('sent_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('attestation_reminders_scheduled_key')
      .on(t.userId, t.fiscalYear, t.fiscalQuarter, t.kind)
      .where(sql`${t.kind} in ('opening', 'before_due')`),
    uniqueIndex('attestation_reminders_escalation_key')
      .on(t.firmId, t.fiscalYear, t.fiscalQuarter)
      .where(sql`${t.kind} = 'escalation'`),
    // A status row's "last reminded": the newest of the person's period, read from the index alone.
    index('attestation_reminders_person_period_idx').on(t.userId, t.fiscalYear, t.fiscalQuarter, t.sentAt),
  ],
);
