import {
  type CaseReply,
  caseReplyFields,
  ProfileType,
  type Scope,
  SUPPORT_TICKET_LIST_FIELDS,
  type SupportTicketListItem,
  type SupportTicketListQuery,
  supportTicketFields,
} from '@portal/domain';
import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { profiles, supportCaseReplies, supportCaseSearchText, supportCases, users } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import {
  countAll,
  keptRead,
  listPage,
  type PageRequest,
  scopeWhere,
  searchWhere,
  tablePage,
} from '../../platform/list.js';
import { insertStatements } from '../../platform/statements.js';

const c = supportCases;
const r = supportCaseReplies;
const replyColumns = getTableColumns(r);

export const caseEntity = bindEntity('support case', supportTicketFields, { '': supportCases });
export const replyEntity = bindEntity('support case reply', caseReplyFields, { '': supportCaseReplies });

export type CaseRow = typeof supportCases.$inferSelect;
const toReply = (row: unknown) => replyEntity.toWire(row as StoredRow) as CaseReply;

/** The scope's people are the submitters: a staff member's own cases, the firm's for its handlers. */
const owner = { firm: c.firmId, person: c.submitterId };

// Only the list's columns are read: a page ships what the table shows, not each case's description.
const listRow = caseEntity.listRow(SUPPORT_TICKET_LIST_FIELDS);
const search = supportCaseSearchText(c);

export async function listCases(ex: Executor, scope: Scope, q: SupportTicketListQuery, page: PageRequest) {
  const where = and(
    scopeWhere(scope, owner),
    q.firm === undefined ? undefined : eq(c.firmId, q.firm),
    q.category === undefined ? undefined : eq(c.category, q.category),
    q.status?.length ? inArray(c.status, q.status) : undefined,
    searchWhere(q.search, [search]),
  );
  const { rows, count } = await tablePage(
    ex,
    c,
    listRow.columns,
    ['support_cases'],
    where,
    caseEntity.orderBy(q.ordering, c.id),
    page,
    q.search,
  );
  return { count, results: rows.map((row) => listRow.toWire(row as StoredRow) as SupportTicketListItem) };
}

/** One case within the scope; `lock` holds it for the caller's transaction (an edit, a reply). */
export async function findCase(ex: Executor, scope: Scope, id: number, lock?: 'update') {
  const query = ex
    .select()
    .from(c)
    .where(and(eq(c.id, id), scopeWhere(scope, owner)));
  const [row] = await (lock ? query.for(lock) : query);
  return row as CaseRow | undefined;
}

/** The new case as stored (its number and defaults the database's). */
export async function insertCase(ex: AuditedTx, values: typeof supportCases.$inferInsert) {
  const [row] = await caseInsert.returning(ex, [values]);
  return row;
}
const caseInsert = insertStatements(c);

/** The case as stored after the change. */
export async function updateCase(ex: AuditedTx, id: number, values: Partial<typeof supportCases.$inferInsert>) {
  const [row] = await ex
    .update(c)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(c.id, id))
    .returning();
  return row;
}

/** A case's conversation, oldest first. */
export async function listReplies(ex: Executor, caseId: number, page: PageRequest) {
  const { rows, count } = await listPage(
    ex,
    {
      rows: (versions) =>
        ex
          .select({ ...replyColumns, versions })
          .from(r)
          .$dynamic(),
      count: ex.select(countAll()).from(r).$dynamic(),
      countReads: ['support_case_replies'],
    },
    eq(r.caseId, caseId),
    [asc(r.createdAt), asc(r.id)],
    page,
  );
  return { count, results: rows.map(toReply) };
}

export async function insertReply(ex: AuditedTx, values: typeof supportCaseReplies.$inferInsert) {
  const [row] = await replyInsert.returning(ex, [values]);
  return toReply(row);
}
const replyInsert = insertStatements(r);

/**
 * Who answers a firm's cases, and is mailed when one is opened or its submitter replies: its live, active
 * administrators and the staff they named as handlers. Kept per versions of the accounts and profiles
 * (read outside a transaction): finding them visits every profile of the firm, on every case opened.
 */
export function handlersOf(ex: Executor, firmId: number) {
  return keptRead(ex, ['users', 'profiles'], `support handlers\n${firmId}`, () => readHandlers(ex, firmId));
}

function readHandlers(ex: Executor, firmId: number) {
  return ex
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(profiles.firmId, firmId),
        isNull(users.deletedAt),
        isNull(users.deactivatedAt),
        eq(users.isActive, true),
        ne(profiles.profileType, ProfileType.Client),
        // Each kind of handler through its own index (an OR over the two tables read every profile of
        // the firm: thousands, for a few people).
        sql`${users.id} in (select p.user_id from ${profiles} p where p.firm_id = ${firmId}
          and (p.profile_type = ${ProfileType.Administrator} or p.is_support_handler)
          union all select a.id from ${users} a where a.is_admin)`,
      ),
    )
    .orderBy(asc(users.id));
}
