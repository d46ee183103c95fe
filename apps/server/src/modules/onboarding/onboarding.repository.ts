import {
  CLIENT_AGREEMENT_PII,
  type ClientAgreementFields,
  clientAgreementFields,
  investorProfileFields,
  ProfileType,
  type Scope,
} from '@portal/domain';
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/migrate.js';
import { clientAgreements, investorProfiles, profiles, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import { scopeWhere } from '../../platform/list.js';

/**
 * The agreement's field table bound to its table. `Client__r` / `Joint_Client__r` are computed: the
 * service puts the delivery dates on the row before answering.
 */
export const clientAgreementEntity = bindEntity<ClientAgreementFields, 'client_agreement'>(
  'client_agreement',
  clientAgreementFields,
  { '': clientAgreements },
  {
    Client__r: (row: StoredRow) => row.clientDeliveries ?? null,
    Joint_Client__r: (row: StoredRow) => row.jointClientDeliveries ?? null,
  },
);

/** `portalUserEmail` is the client's email now, read with the profile. */
export const investorProfileEntity = bindEntity(
  'investor_profile',
  investorProfileFields,
  { '': investorProfiles },
  { portalUserEmail: (row: StoredRow) => row.portalUserEmail ?? null },
);

/** The person whose onboarding records are asked for, as the access rules read them. */
export interface ClientRow {
  id: number;
  email: string;
  firmId: number | null;
  advisorId: number | null;
  profileType: number | null;
  exhibitB: boolean;
}

const owner = { firm: profiles.firmId, person: users.id, advisor: users.advisorId };

/**
 * A live user within the caller's onboarding scope (the client themself, an advisor's clients, a firm's
 * people): none otherwise. `lock` holds the user's row for the write, so two saves of one client's
 * forms (two tabs, the client and their advisor) run one after the other.
 */
export async function clientInScope(
  ex: Executor,
  scope: Scope,
  userId: number,
  lock = false,
): Promise<ClientRow | null> {
  const query = ex
    .select({
      id: users.id,
      email: users.email,
      firmId: profiles.firmId,
      advisorId: users.advisorId,
      profileType: profiles.profileType,
      exhibitB: profiles.isExhibitBInvestorProfileFormUser,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt), scopeWhere(scope, owner)));
  const [row] = lock ? await query.for('update', { of: users }) : await query;
  return row ?? null;
}

export const isClientRow = (row: ClientRow) => row.profileType === ProfileType.Client;

export type AgreementRow = typeof clientAgreements.$inferSelect;

/** The agreement of a client user, if any. */
export async function agreementOfClient(ex: Executor, portalUserId: number): Promise<AgreementRow | null> {
  const [row] = await ex.select().from(clientAgreements).where(eq(clientAgreements.portalUserId, portalUserId));
  return row ?? null;
}

/** The client user an agreement belongs to, when the agreement is within the caller's scope. */
export async function ownerOfAgreement(ex: Executor, scope: Scope, id: number): Promise<number | null> {
  const [row] = await ex
    .select({ portalUserId: clientAgreements.portalUserId })
    .from(clientAgreements)
    .innerJoin(users, eq(users.id, clientAgreements.portalUserId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(clientAgreements.id, id), isNull(users.deletedAt), scopeWhere(scope, owner)));
  return row?.portalUserId ?? null;
}

export async function insertAgreement(
  tx: AuditedTx,
  values: typeof clientAgreements.$inferInsert,
): Promise<AgreementRow> {
  const [row] = await tx.insert(clientAgreements).values(values).returning();
  return row;
}

export async function updateAgreement(tx: AuditedTx, id: number, values: Partial<AgreementRow>): Promise<AgreementRow> {
  const [row] = await tx.update(clientAgreements).set(values).where(eq(clientAgreements.id, id)).returning();
  return row;
}

/** A column a PII value can be stored in: nullable text. */
export type PiiColumn = {
  [K in keyof AgreementRow]: null extends AgreementRow[K] ? (AgreementRow[K] extends string | null ? K : never) : never;
}[keyof AgreementRow];
export type PiiValues = { id: number } & Record<PiiColumn, string | null>;

/** The PII columns (what `rotate-pii-key` re-encrypts): the `column` of each PII field of the field table. */
const PII_COLUMNS = CLIENT_AGREEMENT_PII.map(([wire]) => {
  const column = clientAgreementFields[wire].column;
  if (!(column in getTableColumns(clientAgreements)))
    throw new Error(`PII field ${wire}: client_agreements has no column ${column}`);
  return column as PiiColumn;
});

const piiSelection = {
  id: clientAgreements.id,
  ...Object.fromEntries(PII_COLUMNS.map((c) => [c, getTableColumns(clientAgreements)[c]])),
} as Record<'id' | PiiColumn, (typeof clientAgreements)['id']>;

/**
 * The next agreements (by id, after `afterId`) with a PII value not under `keyId` (rotate-pii-key):
 * a key id is the second dot-separated part of a stored value. `lock` holds them for the re-encryption.
 */
export async function agreementsNotUnderKey(
  ex: Executor,
  keyId: string,
  afterId: number,
  limit: number,
  lock = false,
): Promise<PiiValues[]> {
  const stale = or(
    ...PII_COLUMNS.map((c) => {
      const column = getTableColumns(clientAgreements)[c];
      return sql`(${column} is not null and split_part(${column}, '.', 2) <> ${keyId})`;
    }),
  );
  const query = ex
    .select(piiSelection)
    .from(clientAgreements)
    .where(and(gt(clientAgreements.id, afterId), stale))
    .orderBy(clientAgreements.id)
    .limit(limit);
  return (lock ? await query.for('update') : await query) as unknown as PiiValues[];
}

/** The ids of the keys the stored client PII is encrypted under (`v1.<key id>.…`). */
export async function piiKeyIdsInUse(ex: Executor): Promise<string[]> {
  const values = sql.join(
    PII_COLUMNS.map((c) => sql`${getTableColumns(clientAgreements)[c]}`),
    sql`, `,
  );
  const rows = rowsOf<{ key_id: string }>(
    await ex.execute(
      sql`select distinct split_part(v, '.', 2) as key_id from client_agreements, unnest(array[${values}]) as v where v is not null`,
    ),
  );
  return rows.map((r) => r.key_id);
}

export async function setPiiValues(tx: AuditedTx, id: number, values: Partial<Record<PiiColumn, string | null>>) {
  await tx.update(clientAgreements).set(values).where(eq(clientAgreements.id, id));
}

export type InvestorProfileRow = typeof investorProfiles.$inferSelect & { portalUserEmail: string };

export async function investorProfileOf(ex: Executor, portalUserId: number): Promise<InvestorProfileRow | null> {
  const [row] = await ex
    .select({ ...getTableColumns(investorProfiles), portalUserEmail: users.email })
    .from(investorProfiles)
    .innerJoin(users, eq(users.id, investorProfiles.portalUserId))
    .where(eq(investorProfiles.portalUserId, portalUserId));
  return row ?? null;
}

export async function insertInvestorProfile(tx: AuditedTx, values: typeof investorProfiles.$inferInsert) {
  await tx.insert(investorProfiles).values(values);
}

export async function updateInvestorProfile(
  tx: AuditedTx,
  id: number,
  values: Partial<typeof investorProfiles.$inferInsert>,
) {
  await tx.update(investorProfiles).set(values).where(eq(investorProfiles.id, id));
}
