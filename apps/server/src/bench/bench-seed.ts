import { accountConfirmBody, firmBody, ProfileType, resourceCreateFields, userWriteBody } from '@portal/domain';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import { firms, profiles, users } from '../db/schema/index.js';
import { accountByEmail } from '../modules/accounts/accounts.service.js';
import { activateAccount, activationLink } from '../modules/auth/auth.service.js';
import { actingAs, offlineDeps } from '../modules/demo/acting.js';
import { createSuperAdmin } from '../modules/demo/create-admin.js';
import * as firmsService from '../modules/firms/firms.service.js';
import * as resourcesService from '../modules/resources/resources.service.js';
import * as usersService from '../modules/users/users.service.js';
import { writeAudited } from '../platform/audit.js';
import { todayOf } from '../platform/clock.js';
import type { RequestMeta } from '../platform/context.js';
import { hashPassword } from '../platform/passwords.js';
import { seedBenchAttestations } from './bench-attestations.js';
import { seedBenchAudit } from './bench-audit.js';
import { seedBenchClients } from './bench-clients.js';
import { withoutIndexes } from './bench-indexes.js';
import { seedBenchInvestments } from './bench-investments.js';
import { seedBenchLists } from './bench-lists.js';
import { seedBenchRoster } from './bench-roster.js';
import { seedBenchStrategies } from './bench-strategies.js';
import { seedBenchSupport } from './bench-support.js';
import { seedBenchUsers } from './bench-users.js';

export interface BenchSeedOptions {
  users: number;
  firms: number;
  /**
   * The signed-in accounts of the benchmark: a super admin (no firm), an administrator of firm 1, and
   * firm 1's first advisor (Load1, with `password` too).
   */
  superEmail: string;
  adminEmail: string;
  password: string;
  /** Quarterly attestations spread over the staff (one in each child list apiece). */
  attestations: number;
  /** Supervised persons of one more firm, the roster firm (its id follows the others'). */
  roster: number;
  /** Investment strategies of firm 1 (the administrator's), filed by its first advisor. */
  strategies: number;
  /** Support cases of firm 1 (the administrator's, who handles them), opened by its staff. */
  supportCases: number;
  /**
   * The volume of the lists that have no option of their own (client documents, calendar events,
   * resources, …) is theirs at scale 1 times this.
   */
  scale?: number;
  /** Audit events written in bulk over the firms (the audit trail's list). */
  auditEvents?: number;
  /**
   * Every Load person signs in with `password` too (the soak's simulated users), not only the
   * accounts above.
   */
  everyoneSignsIn?: boolean;
  log?: (line: string) => void;
}

const FIRST_NAMES = [
  'Avery',
  'Blair',
  'Casey',
  'Drew',
  'Emerson',
  'Finley',
  'Gray',
  'Harper',
  'Indigo',
  'Jordan',
  'Kendall',
  'Logan',
  'Morgan',
  'Noel',
  'Oakley',
  'Parker',
  'Quinn',
  'Reese',
  'Sage',
  'Taylor',
  'Umber',
  'Val',
  'Winter',
  'Xen',
  'Yael',
  'Zion',
  'Alex',
  'Bailey',
  'Cameron',
  'Dakota',
];

/**
 * The benchmark's data set: the firms and the two signed-in accounts through the same service functions
 * the API calls (the accounts get their password through account activation, like a real person), the
 * volume in bulk SQL (`users` people, attestations, strategies, support cases, a roster, audit events).
 */
export async function seedBench(db: Db, config: Config, o: BenchSeedOptions) {
  const log = o.log ?? (() => {});
  const deps = offlineDeps(db, config);
  const meta = (actorId: number | null): RequestMeta => ({
    ip: '127.0.0.1',
    userAgent: 'bench-seed',
    requestId: 'bench-seed',
    actorId,
  });
  const activate = async (userId: number) => {
    const { link } = await writeAudited(db, meta(null), async (tx, record) => {
      record({ action: 'seed', entity: 'user', entityId: userId });
      return activationLink(config, tx, userId);
    });
    const [uid, token] = link.split('/').slice(-2);
    await activateAccount(deps, accountConfirmBody.parse({ uid, token, password: o.password }), meta(userId));
  };

  const started = Date.now();
  await createSuperAdmin(db, config, o.superEmail);
  const superUser = await findUserByEmailOrThrow(db, o.superEmail);
  await activate(superUser);
  const ctx = await actingAs(deps, superUser);

  const firmIds: number[] = [];
  for (let f = 1; f <= o.firms; f++) {
    const firm = await firmsService.create(
      ctx,
      firmBody.parse({ name: `Bench Firm ${f}`, abbreviation: `BF${f}`, firm_tk: 1000 + f, city: 'Springfield' }),
    );
    firmIds.push(firm.id);
  }

  // The bench's accounts sign in with their password alone, as the demo's do (the 'demo' two-factor policy):
  // the firms are on it, and the super administrator belongs to the first (one without a firm, or in a
  // firm that requires a factor, is held at two-factor set-up).
  await db.update(firms).set({ twoFactorPolicy: 'demo' }).where(inArray(firms.id, firmIds));
  await db.update(profiles).set({ firmId: firmIds[0] }).where(eq(profiles.userId, superUser));

  const admin = await usersService.create(
    ctx,
    userWriteBody.parse({
      email: o.adminEmail,
      first_name: 'Bench',
      last_name: 'Administrator',
      // Also the firm's CCO: the attestation rows of the benchmark are a CCO's manager list.
      profile: { _firm: firmIds[0], profile_type: ProfileType.Administrator, is_cco: true },
    }),
    false,
  );
  await activate(admin.id);

  await seedBenchUsers(db, { count: o.users, firmIds, createdBy: superUser, firstNames: FIRST_NAMES });
  log(`  ${o.users} users (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // One hash for all: argon2 per person (as activation does) would cost a second per 20 people. Firm 1's
  // first advisor, Load1, always signs in (the strategies the benchmark files are its).
  const passwordHash = await hashPassword(o.password);
  await db
    .update(users)
    .set({ passwordHash, isActive: true })
    .where(o.everyoneSignsIn ? like(users.email, 'load%@bench.test') : eq(users.email, 'load1@bench.test'));
  await deps.background.drain(); // work the services started after answering (none today) ends here
  // The roster firm follows the bench's firms; made now, the audit trail can cover it from the start.
  const rosterFirmId =
    o.roster > 0
      ? (
          await firmsService.create(
            ctx,
            firmBody.parse({ name: 'Bench Roster Firm', abbreviation: 'BRF', firm_tk: 1000 + o.firms + 1 }),
          )
        ).id
      : undefined;
  const everyFirm = rosterFirmId === undefined ? firmIds : [...firmIds, rosterFirmId];
  // The audit trail loads on a connection of its own while the other tables load (PostgreSQL works on
  // both at once; PGlite takes their statements in turn). Its events need only the people and the firms.
  const auditLoad = (async () => {
    await withoutIndexes(db, ['audit_events'], () => seedBenchAudit(db, everyFirm, o.auditEvents ?? 0));
    // Its share of the final vacuum, done here beside the rest (the final pass leaves it out; the few
    // events the services record later change nothing a plan depends on).
    await db.execute(sql`vacuum (analyze) audit_events`);
    log(`  ${o.auditEvents ?? 0} audit events, beside the rest (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  })();
  // Awaited at the end; a failure meanwhile is not unhandled.
  auditLoad.catch(() => {});
  // Firm 1's clients (their ids follow the people's) and its investment department, before the strategies'.
  const book = { firmId: firmIds[0], scale: o.scale ?? 1 };
  await seedBenchClients(db, {
    ...book,
    clients: 1000,
    documents: 5000,
    versionsPerKind: 20,
    today: todayOf(config),
    pii: deps.pii,
    storage: deps.storage,
  });
  await withoutIndexes(db, ['investment_models', 'fee_schedules', 'cash_requests'], () =>
    seedBenchInvestments(db, { ...book, models: 300, feeSchedules: 200, cashRequests: 5000, createdBy: admin.id }),
  );
  log(
    `  firm 1's clients, documents, disclosures, catalogues, cash requests (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  // The roster firm's people and attestations before the other attestations: the attestations' values
  // follow their ids, which would otherwise depend on which load drew them first.
  if (rosterFirmId !== undefined) {
    await seedBenchRoster(db, rosterFirmId, o.roster, todayOf(config));
    log(`  ${o.roster} supervised persons (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // Firm 1's support cases, beside the rest too: their submitters are the firm's staff, whom no other
  // load adds to.
  const supportLoad = (async () => {
    await withoutIndexes(db, ['support_cases'], () => seedBenchSupport(db, firmIds[0], o.supportCases));
    log(`  ${o.supportCases} support cases, beside the rest (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  })();
  supportLoad.catch(() => {});
  await withoutIndexes(db, ['quarterly_attestations'], () => seedBenchAttestations(db, o.attestations));
  log(`  ${o.attestations} attestations (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // Firm 1's code of ethics, which its staff must acknowledge (none has yet): the CCO's report reads them all.
  await resourcesService.create(
    await actingAs(deps, admin.id),
    resourceCreateFields.parse({ category: 'compliance', name: 'Code of Ethics', acknowledgement: 'code_of_ethics' }),
    { fileName: 'code-of-ethics.pdf', bytes: Buffer.from('%PDF-1.7\n%%EOF\n') },
  );
  await withoutIndexes(db, ['investment_strategies'], () => seedBenchStrategies(db, firmIds[0], o.strategies));
  log(`  ${o.strategies} investment strategies (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  // The lists' support conversations reply to the support cases.
  await supportLoad;
  await seedBenchLists(db, { firmIds, superId: superUser, adminId: admin.id, scale: o.scale ?? 1, log });
  await auditLoad;
  // As a database in use would be by now (autovacuum; the PGlite server's maintenance): otherwise the
  // server analyses every table while the first rows are measured. Table by table, a few at once
  // (PostgreSQL vacuums each table on one connection; PGlite takes them in turn); the audit trail's was
  // vacuumed beside the rest.
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> 'audit_events'
        order by tablename`,
    ),
  ).map((t) => t.name);
  const vacuumNext = async (): Promise<void> => {
    const table = tables.shift();
    if (table === undefined) return;
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    return vacuumNext();
  };
  await Promise.all([vacuumNext(), vacuumNext(), vacuumNext()]);
  log(`  vacuum and analyze (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { superId: superUser, adminId: admin.id, firmIds: everyFirm, seconds: (Date.now() - started) / 1000 };
}

async function findUserByEmailOrThrow(db: Db, email: string): Promise<number> {
  const user = await accountByEmail(db, email);
  if (!user) throw new Error(`${email} was not created`);
  return user.id;
}
