import {
  type AttestationBody,
  attestationBody,
  attestationPeriodOn,
  type FiscalPeriod,
  periodStart,
  previousPeriod,
  submissionStatusQuery,
} from '@portal/domain';
import { todayOf } from '../../platform/clock.js';
import type { AppDeps } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import * as attestations from '../attestations/attestations.service.js';
import * as reminders from '../reminders/reminders.service.js';
import * as roster from '../supervised-persons/supervised-persons.service.js';
import { actingAs } from './acting.js';

type Lists = 'securities' | 'activities' | 'contributions';
/** Who is on the roster, and which lists they report. */
const rosterOf: Record<string, Lists[]> = {
  'cco@demo.test': ['securities', 'activities', 'contributions'],
  'staff@demo.test': ['securities', 'activities', 'contributions'],
  'invest@demo.test': ['securities'],
  'advisor@demo.test': ['securities', 'contributions'],
  'manager@demo.test': [],
  'admin@demo.test': [],
  'advisor2@demo.test': ['securities'],
  'admin2@demo.test': [],
};

/** 0 is the quarter attestations cover today, 1 the one before, and so on. */
interface Filing {
  email: string;
  ago: number;
  reviewer?: string;
  lists?: Partial<Record<Lists, boolean>>;
  /** A contribution above the de minimis amount, for the CCO's attention. */
  overDeMinimis?: boolean;
}
const filings: Filing[] = [
  { email: 'staff@demo.test', ago: 2, reviewer: 'cco@demo.test', lists: { securities: true } },
  { email: 'staff@demo.test', ago: 1, reviewer: 'cco@demo.test', lists: { securities: true, contributions: true } },
  { email: 'invest@demo.test', ago: 1, reviewer: 'cco@demo.test', lists: { securities: true } },
  { email: 'invest@demo.test', ago: 0, lists: { securities: true } },
  { email: 'cco@demo.test', ago: 1, reviewer: 'super@demo.test', lists: { activities: true } },
  { email: 'cco@demo.test', ago: 0, lists: { activities: true } },
  { email: 'advisor@demo.test', ago: 0, lists: { contributions: true }, overDeMinimis: true },
  { email: 'manager@demo.test', ago: 2 },
  { email: 'advisor2@demo.test', ago: 0, lists: { securities: true } },
];

/** A day in the quarter after `period`: when its attestation is filed. */
function filedOn(period: FiscalPeriod, day: number): Date {
  const [y, m] = periodStart(period).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 + 3, day, 15));
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (d: Date, days: number) => new Date(d.getTime() - days * 86_400_000);

function formOf(first: string, last: string, f: Filing, filed: Date): AttestationBody {
  return attestationBody.parse({
    First_Name__c: first,
    Last_Name__c: last,
    Employment_Date__c: '2019-04-01',
    Job_Title__c: 'Associate',
    Work_Email__c: f.email,
    City__c: 'Springfield',
    State__c: 'Illinois',
    States_Registered__c: 'Illinois;Wisconsin',
    States_Clients_Reside__c: 'Illinois;Indiana;Wisconsin',
    Series_65__c: true,
    CFP__c: f.email.startsWith('advisor'),
    Is_Access_Person__c: 'true',
    IA_Manual_Attestation_Date__c: iso(filed),
    Code_of_Ethics_Attestation_Date__c: iso(filed),
    personalSecurities: f.lists?.securities
      ? [
          {
            Account_Owner__c: `${first} ${last}`,
            Account_Number__c: 'XXXX-4821',
            Account_Type__c: 'IRA',
            Custodian__c: 'Schwab',
          },
        ]
      : [],
    outsideBusinessActivities: f.lists?.activities
      ? [
          {
            Name: 'Treasurer, Springfield Food Bank',
            Approved_By__c: 'Sam Super',
            Approved_Date__c: iso(daysBefore(filed, 300)),
          },
        ]
      : [],
    politicalContributions: f.lists?.contributions
      ? [
          {
            Amount__c: f.overDeMinimis ? '500.00' : '100.00',
            Candidate_Name__c: 'Jamie Rivera',
            Political_Race__c: 'Illinois State Treasurer',
            Election_Date__c: '2026-11-03',
            May_Vote_For_Candidate__c: !f.overDeMinimis,
            Approved_By__c: 'Casey Compliance',
            Approved_Date__c: iso(filed),
          },
        ]
      : [],
  });
}

/** 409 (already on the roster, already filed): the seed has run before, which is fine. */
async function unlessDone(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof HttpError && err.status === 409)) throw err;
  }
}

const idOf = async (deps: AppDeps, email: string) => {
  const user = await accountByEmail(deps.db, email);
  if (!user) throw new Error(`${email} is missing`);
  return user;
};

/**
 * The compliance area of the demo: a roster, and attestations of the last quarters filed on dates of
 * their own through the same services as the API, most of them reviewed. staff@ has not yet filed
 * for the quarter attestations cover today, so the form can be tried from a pre-filled start; the CCO
 * has already reminded them once (the status screen shows when).
 */
export async function seedDemoCompliance(deps: AppDeps, superEmail: string) {
  const superCco = await actingAs(deps, (await idOf(deps, superEmail)).id);
  for (const [email, lists] of Object.entries(rosterOf))
    await unlessDone(() =>
      roster.add(superCco, {
        email,
        has_to_submit_personal_securities: lists.includes('securities'),
        has_to_submit_outside_business_activities: lists.includes('activities'),
        has_to_submit_political_contributions: lists.includes('contributions'),
      }),
    );

  const current = attestationPeriodOn(todayOf(deps.config));
  for (const f of filings) {
    let period = current;
    for (let i = 0; i < f.ago; i++) period = previousPeriod(period);
    const due = filedOn(period, 5 + (f.email.length % 9));
    // This quarter's filings are today's at the latest: no date a filer types may be in the future.
    const filed = f.ago === 0 && due > deps.config.now() ? deps.config.now() : due;
    // Filed on that day, this quarter's too (the same period, dated as the form's own dates are): the
    // services take "today" from the clock they are given.
    const then = { ...deps, config: { ...deps.config, now: () => filed } };
    const person = await idOf(deps, f.email);
    await unlessDone(async () => {
      const ctx = await actingAs(then, person.id);
      const saved = await attestations.create(ctx, formOf(person.firstName ?? '', person.lastName ?? '', f, filed));
      if (!f.reviewer) return;
      // Reviewed a few days later, on that day's clock (a reviewed date is never in the future).
      const reviewed = new Date(filed.getTime() + 6 * 86_400_000);
      const reviewDay = { ...deps, config: { ...deps.config, now: () => reviewed } };
      const reviewer = await actingAs(reviewDay, (await idOf(deps, f.reviewer)).id);
      await attestations.update(
        reviewer,
        saved.Id,
        attestationBody.parse({ ...saved, Status__c: 'Reviewed', Reviewed_Date__c: iso(reviewed) }),
      );
    });
  }

  const cco = await actingAs(deps, (await idOf(deps, 'cco@demo.test')).id);
  const staff = await idOf(deps, 'staff@demo.test');
  // Once is enough: a second seed run leaves the reminder of the first (the mail goes out through the outbox).
  const { rows } = await roster.submissionStatus(cco, submissionStatusQuery.parse({ search: staff.email }));
  if (rows.every((r) => r.last_reminded_at === null))
    await unlessDone(() => reminders.sendOne(cco, { supervisedPersonUserId: staff.id }));
}
