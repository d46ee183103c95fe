import {
  ATTESTATION_LIST_FIELDS,
  type Attestation,
  type AttestationListItem,
  attestationFields,
  type FiscalPeriod,
  outsideBusinessActivityFields,
  overDeMinimis,
  personalSecurityFields,
  politicalContributionFields,
  type Scope,
} from '@portal/domain';
import { and, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  AUDIT_ROW_PARENT,
  attestations,
  outsideBusinessActivities,
  personalSecurities,
  politicalContributions,
} from '../../db/schema/index.js';
import { type AuditedTx, eventsOfRecord } from '../../platform/audit.js';
import { type ChildBinding, type IncomingRow, saveChildRows } from '../../platform/child-rows.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import {
  countAll,
  orderedPage,
  type PageRequest,
  scopedStatement,
  scopeWhere,
  searchWhere,
} from '../../platform/list.js';
import { updateStatements } from '../../platform/statements.js';

export type AttestationRow = typeof attestations.$inferSelect;

export const attestationEntity = bindEntity('attestation', attestationFields, { '': attestations });
const securityEntity = bindEntity('personal security', personalSecurityFields, { '': personalSecurities });
const activityEntity = bindEntity('outside business activity', outsideBusinessActivityFields, {
  '': outsideBusinessActivities,
});
const contributionEntity = bindEntity(
  'political contribution',
  politicalContributionFields,
  { '': politicalContributions },
  { Amount__c: (r) => Number(r.amount) },
);

/**
 * The three lists of an attestation: wire name of the body's list and of the answer's, table, entity,
 * and a row as JSON in wire shape (`rowJson`), which the record's read builds its lists with.
 */
export const CHILD_LISTS = [
  {
    body: 'personalSecurities',
    wire: 'Personal_Securities__r',
    table: personalSecurities,
    entity: securityEntity,
    rowJson: securityEntity.wireJson(),
  },
  {
    body: 'outsideBusinessActivities',
    wire: 'Outside_Business_Activities__r',
    table: outsideBusinessActivities,
    entity: activityEntity,
    rowJson: activityEntity.wireJson(),
  },
  {
    body: 'politicalContributions',
    wire: 'Political_Contributions__r',
    table: politicalContributions,
    entity: contributionEntity,
    rowJson: contributionEntity.wireJson({ Amount__c: sql`(${politicalContributions.amount})::float8` }),
  },
] as const;
export type ChildList = (typeof CHILD_LISTS)[number];
// The rows' events are found by the audit index declared for these entity names: a list renamed or
// added without it would lose its history silently, so the module refuses to load instead.
if (CHILD_LISTS.map((l) => l.entity.name).join() !== AUDIT_ROW_PARENT.entities.join())
  throw new Error(
    "attestation rows: AUDIT_ROW_PARENT.entities (db/schema/platform.ts) must name CHILD_LISTS' entities",
  );

const owner = { firm: attestations.firmId, person: attestations.ownerId };
const live = isNull(attestations.deletedAt);

const listRow = attestationEntity.listRow(ATTESTATION_LIST_FIELDS);

export interface AttestationFilter {
  user?: number;
  firm?: number;
  fiscalYear?: number;
  fiscalQuarter?: number;
  search?: string;
  ordering: string;
}

/** A page of the manager's list: the caller's reach, the filters, the name search, the ordering. */
export async function listAttestations(ex: Executor, scope: Scope, f: AttestationFilter, page: PageRequest) {
  const where = and(
    live,
    scopeWhere(scope, owner),
    f.user === undefined ? undefined : eq(attestations.ownerId, f.user),
    f.firm === undefined ? undefined : eq(attestations.firmId, f.firm),
    f.fiscalYear === undefined ? undefined : eq(attestations.fiscalYear, f.fiscalYear),
    f.fiscalQuarter === undefined ? undefined : eq(attestations.fiscalQuarter, f.fiscalQuarter),
    searchWhere(f.search, [attestations.name]),
  );
  // The order is kept per table versions and a page reads its rows by id: a firm's quarter (hundreds)
  // or a name search, in any of the list's orders, was sorted again for each page.
  const { rows, count } = await orderedPage(
    ex,
    {
      ids: ex.select({ id: attestations.id }).from(attestations).$dynamic(),
      count: ex.select(countAll()).from(attestations).$dynamic(),
      rows: async (ids, versions) =>
        (await ex
          .select({ ...listRow.columns, versions })
          .from(attestations)
          .where(inArray(attestations.id, ids))) as StoredRow[],
      idOf: (row) => row.id as number,
      countReads: ['quarterly_attestations'],
    },
    where,
    attestationEntity.orderBy(f.ordering, attestations.id),
    page,
  );
  return { count, results: rows.map((r) => listRow.toWire(r) as AttestationListItem) };
}

/**
 * The three lists of the attestation a query reads, each in wire shape with its oldest row first, as one
 * JSON object built by the database (the list's wire name to its rows): the whole record is one statement.
 */
const listsJson = sql<AttestationLists>`json_build_object(${sql.join(
  CHILD_LISTS.map((list) => {
    const t = list.table as typeof personalSecurities;
    return sql`${sql.raw(`'${list.wire}'`)}, (select coalesce(json_agg(${list.rowJson} order by ${t.id}), '[]') from ${t} where ${t.attestationId} = ${attestations.id})`;
  }),
  sql`, `,
)})`;

type AttestationLists = Record<ChildList['wire'], Record<string, unknown>[]>;
/** An attestation with its three lists, as `toAttestation` answers it. */
type AttestationRecord = AttestationRow & { lists: AttestationLists };

async function findRow(
  ex: Executor,
  scope: Scope,
  condition: SQL,
  order?: SQL[],
): Promise<AttestationRecord | undefined> {
  const query = ex
    .select({ ...getTableColumns(attestations), lists: listsJson })
    .from(attestations)
    .where(and(live, condition, scopeWhere(scope, owner)))
    .limit(1);
  const [row] = await (order ? query.orderBy(...order) : query);
  return row;
}

/** One attestation within the scope, with its lists. */
export async function findAttestationRow(ex: Executor, scope: Scope, id: number) {
  const [row] = await byIdStatement(ex, scope, null, { id });
  return row;
}
const byIdStatement = scopedStatement(
  () => 'by id',
  (ex: Executor, scope) =>
    ex
      .select({ ...getTableColumns(attestations), lists: listsJson })
      .from(attestations)
      .where(and(live, eq(attestations.id, sql.placeholder('id')), scopeWhere(scope, owner))),
);

/**
 * Holds one attestation within the scope for the caller's transaction (an edit, a removal), in a
 * statement of its own: a statement that waits for the lock reads its sub-selects (the lists) in the
 * snapshot it began with, from before the previous holder's commit; a read after this one sees them
 * as that holder left them.
 */
export async function lockAttestation(tx: AuditedTx, scope: Scope, id: number) {
  await lockStatement(tx, scope, null, { id });
}
const lockStatement = scopedStatement(
  () => 'lock',
  (tx: AuditedTx, scope) =>
    tx
      .select({ id: attestations.id })
      .from(attestations)
      .where(and(live, eq(attestations.id, sql.placeholder('id')), scopeWhere(scope, owner)))
      .for('update'),
);

/** The person's latest attestation, by period and then by submission. */
export const findMostRecentRow = (ex: Executor, scope: Scope, ownerId: number) =>
  findRow(ex, scope, eq(attestations.ownerId, ownerId), [
    desc(attestations.fiscalYear),
    desc(attestations.fiscalQuarter),
    desc(attestations.id),
  ]);

/** The live attestation of a person for a period, whoever asks: the one-per-period rule. */
export async function findInPeriod(ex: Executor, ownerId: number, period: FiscalPeriod) {
  const [row] = await ex
    .select({ id: attestations.id, name: attestations.name, status: attestations.status })
    .from(attestations)
    .where(
      and(
        live,
        eq(attestations.ownerId, ownerId),
        eq(attestations.fiscalYear, period.fiscalYear),
        eq(attestations.fiscalQuarter, period.fiscalQuarter),
      ),
    );
  return row;
}

/** The whole record as the API answers it: the attestation, its firm, its three lists. */
export function toAttestation(row: AttestationRecord): Attestation {
  const out = attestationEntity.toWire(row as StoredRow) as Record<string, unknown>;
  out.Firm__r = { Name: row.firmName, Abbreviation__c: row.firmAbbreviation };
  for (const list of CHILD_LISTS) out[list.wire] = { records: row.lists[list.wire] };
  return out as Attestation;
}

export async function insertAttestation(ex: AuditedTx, values: typeof attestations.$inferInsert) {
  const [row] = await ex.insert(attestations).values(values).returning({ id: attestations.id });
  return row.id;
}

export async function updateAttestation(ex: AuditedTx, id: number, values: Partial<typeof attestations.$inferInsert>) {
  await attestationUpdates.run(ex, id, { ...values, updatedAt: new Date() });
}
const attestationUpdates = updateStatements(attestations);

/** Gone from every list; kept for the examiner and the audit trail. */
export async function softDeleteAttestation(ex: AuditedTx, id: number, byId: number) {
  await ex
    .update(attestations)
    .set({ deletedAt: new Date(), deletedById: byId, updatedAt: new Date() })
    .where(eq(attestations.id, id));
}

/** Saves one of the lists with its attestation; rows left out are kept (they have their own delete). */
export function saveList(
  tx: AuditedTx,
  list: ChildList,
  attestationId: number,
  rows: IncomingRow[],
  toColumns: ChildBinding['toColumns'],
) {
  const table = list.table as typeof personalSecurities;
  return saveChildRows(
    tx,
    { table, id: table.id, parent: table.attestationId, wire: list.body, toColumns, idKey: 'Id', removeMissing: false },
    attestationId,
    rows,
  );
}

/** A saved child row and the attestation it belongs to (live, within the caller's reach). */
export async function findChildRow(ex: Executor, scope: Scope, list: ChildList, id: number) {
  const table = list.table as typeof personalSecurities;
  const [row] = await ex
    .select({ id: table.id, attestationId: table.attestationId })
    .from(table)
    .innerJoin(attestations, eq(attestations.id, table.attestationId))
    .where(and(eq(table.id, id), live, scopeWhere(scope, owner)));
  return row;
}

/** Deletes a saved row and answers it as it was (on the wire), for the audit trail to keep. */
export async function deleteChildRow(ex: AuditedTx, list: ChildList, id: number) {
  const table = list.table as typeof personalSecurities;
  const [gone] = await ex.delete(table).where(eq(table.id, id)).returning();
  return gone ? list.entity.toWire(gone) : null;
}

/**
 * Re-derives the de minimis flags after the contributions changed: each row's (contributions to one
 * candidate for one election add up) and the attestation's, which the manager's list shows.
 */
export async function refreshDeMinimis(tx: AuditedTx, attestationId: number) {
  const rows = await tx
    .select()
    .from(politicalContributions)
    .where(eq(politicalContributions.attestationId, attestationId));
  const flags = overDeMinimis(
    rows.map((r) => ({
      amount: r.amount,
      candidate: r.candidateName,
      electionDate: r.electionDate,
      mayVote: r.mayVote,
    })),
  );
  const over = rows.filter((_, i) => flags[i]).map((r) => r.id);
  const ofThis = eq(politicalContributions.attestationId, attestationId);
  await tx.update(politicalContributions).set({ overDeMinimis: false }).where(ofThis);
  if (over.length)
    await tx
      .update(politicalContributions)
      .set({ overDeMinimis: true })
      .where(and(ofThis, inArray(politicalContributions.id, over)));
  await tx
    .update(attestations)
    .set({ overDeMinimis: over.length > 0 })
    .where(eq(attestations.id, attestationId));
}

/**
 * The audit events of an attestation and of its rows, oldest first. A removed row's event names the
 * attestation in its changes (`attestation`): the row's own id leads nowhere once it is gone.
 */
export const attestationEvents = (ex: Executor, id: number) =>
  eventsOfRecord(ex, { entity: attestationEntity.name, entityId: id, rows: AUDIT_ROW_PARENT });
