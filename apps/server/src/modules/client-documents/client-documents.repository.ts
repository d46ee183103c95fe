import { type ClientDocumentListQuery, clientDocumentFields, ProfileType, type Scope } from '@portal/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { clientDocuments, profiles, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';
import { countAll, listPage, type PageRequest, scopeWhere, searchWhere } from '../../platform/list.js';
import { personNameSql } from '../../platform/person-name.js';

export type ClientDocumentRow = typeof clientDocuments.$inferSelect;
const d = clientDocuments;

/** A live client account within the scope (the onboarding area's: who reaches a client), or nothing. */
export async function findVaultClient(ex: Executor, scope: Scope, clientId: number) {
  const [row] = await ex
    .select({ id: users.id, firmId: profiles.firmId, advisorId: users.advisorId })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(users.id, clientId),
        isNull(users.deletedAt),
        eq(profiles.profileType, ProfileType.Client),
        scopeWhere(scope, { firm: profiles.firmId, person: users.id, advisor: users.advisorId }),
      ),
    );
  return row?.firmId == null ? undefined : { ...row, firmId: row.firmId };
}

/** The uploader's name as it reads now ("First Last", else the email), kept on the record. */
const nameNow = (userId: number) =>
  sql<string>`(select ${personNameSql({ first: users.firstName, last: users.lastName, email: users.email })} from ${users} where ${users.id} = ${userId})`;

export async function insertDocument(
  ex: AuditedTx,
  values: Omit<typeof d.$inferInsert, 'uploadedByName' | 'id'> & { uploadedById: number },
) {
  const [row] = await ex
    .insert(d)
    .values({ ...values, uploadedByName: nameNow(values.uploadedById) })
    .returning();
  return row;
}

export const documentEntity = bindEntity(
  'client_document',
  clientDocumentFields,
  { '': d },
  { download_url: (r) => `/api/client_documents/${r.id}/download/` },
  {
    sortBy: {
      uploaded_at: [d.uploadedAt],
      file_name: [sql`lower(${d.fileName})`],
      category: [d.category],
      uploaded_by_name: [sql`lower(${d.uploadedByName})`],
      size: [d.size],
    },
  },
);

const listed = isNull(d.removedAt);
/** The scope's condition on a document: its firm, and its client for a client or an advisor's book. */
const owner = { firm: d.firmId, person: d.clientId, advisor: users.advisorId };
const from = <S extends ReturnType<Executor['select']>>(select: S) =>
  select.from(d).innerJoin(users, eq(users.id, d.clientId)).$dynamic();

/** What a page of a vault is made of: the documents, and their clients' advisors (an advisor's reach). */
export const VAULT_READS = ['client_documents', 'users'] as const;

export async function listDocuments(ex: Executor, scope: Scope, q: ClientDocumentListQuery, page: PageRequest) {
  const where = and(
    listed,
    eq(d.clientId, q.client),
    scopeWhere(scope, owner),
    q.category ? eq(d.category, q.category) : undefined,
    searchWhere(q.search, [d.fileName, d.description]),
  );
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) => from(ex.select({ document: d, versions })),
      count: from(ex.select(countAll())),
      countReads: VAULT_READS,
    },
    where,
    documentEntity.orderBy(q.ordering, desc(d.id)),
    page,
  );
  return { count, rows: (rows as { document: ClientDocumentRow }[]).map((r) => r.document) };
}

/** A listed (not removed) document within the scope, or nothing. */
export async function findDocument(ex: Executor, scope: Scope, id: number) {
  const [row] = await from(ex.select({ document: d })).where(and(eq(d.id, id), listed, scopeWhere(scope, owner)));
  return (row as { document: ClientDocumentRow } | undefined)?.document;
}

/** Hides the document: the row and its file stay on record. */
export async function markRemoved(ex: AuditedTx, id: number, by: number, at: Date) {
  await ex
    .update(d)
    .set({ removedAt: at, removedById: by })
    .where(and(eq(d.id, id), listed));
}
