import type { Firm } from '@portal/domain';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, profiles, users } from '../../db/schema/index.js';
import { likeContains } from '../../platform/pagination.js';

export type FirmRow = typeof firms.$inferSelect;
type FirmColumns = Omit<typeof firms.$inferInsert, 'id' | 'logo' | 'logoContentType' | 'createdAt' | 'updatedAt'>;

/** Everything but the logo bytes, which only the logo route reads. */
const listColumns = {
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
  logoContentType: firms.logoContentType,
  updatedAt: firms.updatedAt,
};
type FirmSummary = { [K in keyof typeof listColumns]: FirmRow[K] };

const sortable = {
  name: firms.name,
  abbreviation: firms.abbreviation,
  city: firms.city,
  state: firms.state,
  zip_code: firms.zipCode,
  street: firms.street,
} as const;
export type FirmSortKey = keyof typeof sortable;

export async function listFirms(
  ex: Executor,
  opts: {
    onlyFirmId?: number | null;
    search?: string;
    sort: FirmSortKey;
    desc: boolean;
    limit: number;
    offset: number;
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (opts.onlyFirmId !== undefined) filters.push(eq(firms.id, opts.onlyFirmId ?? -1));
  if (opts.search)
    filters.push(
      or(ilike(firms.name, likeContains(opts.search)), ilike(firms.abbreviation, likeContains(opts.search))),
    );
  const where = and(...filters);
  const order = opts.desc ? desc(sortable[opts.sort]) : asc(sortable[opts.sort]);
  const [rows, [{ n }]] = await Promise.all([
    ex.select(listColumns).from(firms).where(where).orderBy(order, asc(firms.id)).limit(opts.limit).offset(opts.offset),
    ex.select({ n: count() }).from(firms).where(where),
  ]);
  return { rows: rows as FirmSummary[], count: n };
}

export async function findFirm(ex: Executor, id: number): Promise<FirmSummary | undefined> {
  const [row] = await ex.select(listColumns).from(firms).where(eq(firms.id, id));
  return row as FirmSummary | undefined;
}

export async function findFirmLogo(ex: Executor, id: number) {
  const [row] = await ex
    .select({ logo: firms.logo, type: firms.logoContentType, updatedAt: firms.updatedAt })
    .from(firms)
    .where(eq(firms.id, id));
  return row;
}

export async function insertFirm(ex: Executor, values: FirmColumns) {
  const [row] = await ex.insert(firms).values(values).returning({ id: firms.id });
  return row.id;
}

export async function updateFirm(ex: Executor, id: number, values: Partial<typeof firms.$inferInsert>) {
  await ex
    .update(firms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(firms.id, id));
}

export async function deleteFirm(ex: Executor, id: number) {
  await ex.delete(firms).where(eq(firms.id, id));
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

export function toFirmDto(r: FirmSummary): Firm {
  return {
    id: r.id,
    name: r.name,
    abbreviation: r.abbreviation,
    firm_tk: r.firmTk,
    street: r.street,
    city: r.city,
    state: r.state,
    zip_code: r.zipCode,
    form_adv_url: r.formAdvUrl,
    form_crs_url: r.formCrsUrl,
    logo_url: r.logoContentType ? `/api/firms/${r.id}/logo/?v=${r.updatedAt.getTime()}` : null,
  };
}
