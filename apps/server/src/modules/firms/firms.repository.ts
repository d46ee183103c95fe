import { type Firm, firmFields, type Scope } from '@portal/domain';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, profiles, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import { countAll, listPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';

export type FirmRow = typeof firms.$inferSelect;

/** The logo's address changes with every upload, so browsers cache it for as long as it stands. */
const logoUrl = (r: StoredRow) =>
  r.logoContentType ? `/api/firms/${r.id}/logo/?v=${(r.updatedAt as Date).getTime()}` : null;

export const firmEntity = bindEntity('firm', firmFields, { '': firms }, { logo_url: logoUrl });
export const toFirmDto = (r: FirmSummary) => firmEntity.toWire(r) as Firm;

/** Everything but the logo bytes, which only the logo route reads. */
const summary = {
  id: firms.id,
  name: firms.name,
  abbreviation: firms.abbreviation,
  firmTk: firms.firmTk,
  street: firms.street,
  city: firms.city,
  state: firms.state,
  zipCode: firms.zipCode,
  formAdvUrl: firms.formAdvUrl,
  formCrsUrl: firms.formCrsUrl,
  attestationGraceDays: firms.attestationGraceDays,
  twoFactorPolicy: firms.twoFactorPolicy,
  idleTimeoutMinutes: firms.idleTimeoutMinutes,
  logoContentType: firms.logoContentType,
  updatedAt: firms.updatedAt,
};
export type FirmSummary = { [K in keyof typeof summary]: FirmRow[K] };

/** A firm is its own owner: the scope's firms are the firms one sees. */
const owner = { firm: firms.id };

export async function listFirms(
  ex: Executor,
  scope: Scope,
  f: { search?: string; ordering: string },
  page: PageRequest,
): Promise<{ rows: FirmSummary[]; count: number }> {
  const where = and(scopeWhere(scope, owner), searchWhere(f.search, [firms.name, firms.abbreviation]));
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) =>
        ex
          .select({ ...summary, versions })
          .from(firms)
          .$dynamic(),
      count: ex.select(countAll()).from(firms).$dynamic(),
      countReads: ['firms'],
    },
    where,
    firmEntity.orderBy(f.ordering, firms.id),
    page,
  );
  // Each row also carries the count's `versions`; the DTO mapping leaves it behind.
  return { count, rows: rows as FirmSummary[] };
}

async function findOne(ex: Executor, scope: Scope, condition: SQL) {
  const [row] = await ex
    .select(summary)
    .from(firms)
    .where(and(condition, scopeWhere(scope, owner)));
  return row as FirmSummary | undefined;
}

export const findFirm = (ex: Executor, scope: Scope, id: number) => findOne(ex, scope, eq(firms.id, id));

export async function findFirmLogo(ex: Executor, scope: Scope, id: number) {
  const [row] = await ex
    .select({ logo: firms.logo, type: firms.logoContentType })
    .from(firms)
    .where(and(eq(firms.id, id), scopeWhere(scope, owner)));
  return row;
}

export async function insertFirm(ex: AuditedTx, values: typeof firms.$inferInsert) {
  const [row] = await ex.insert(firms).values(values).returning({ id: firms.id });
  return row.id;
}

export async function updateFirm(ex: AuditedTx, id: number, values: Partial<typeof firms.$inferInsert>) {
  await ex
    .update(firms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(firms.id, id));
}

export async function deleteFirm(ex: AuditedTx, id: number) {
  await ex.delete(firms).where(eq(firms.id, id));
}

/** The names of the firms on a two-factor policy (the start warns of `demo` firms where it is off). */
export async function firmNamesWithPolicy(ex: Executor, policy: Firm['two_factor_policy']) {
  const rows = await ex.select({ name: firms.name }).from(firms).where(eq(firms.twoFactorPolicy, policy));
  return rows.map((r) => r.name);
}

/** People ever placed in the firm, deleted ones included: their records still name it. */
export async function countFirmMembers(ex: Executor, id: number) {
  const [{ n }] = await ex
    .select({ n: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.firmId, id));
  return n;
}
