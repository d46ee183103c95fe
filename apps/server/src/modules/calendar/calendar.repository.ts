import { calendarEventFields, type Scope } from '@portal/domain';
import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { calendarEvents } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';
import { bindEntity, type StoredRow } from '../../platform/entity.js';
import { scopeWhere } from '../../platform/list.js';

const e = calendarEvents;
export type CalendarEventRow = typeof e.$inferSelect;
export type CalendarEventColumns = Omit<typeof e.$inferInsert, 'id' | 'firmId' | 'createdAt' | 'deletedAt'>;

/** A timed event answers its instants; an all-day one (or one missing either instant) its days. */
const timed = (r: StoredRow) => !r.allDay && r.startsAt instanceof Date && r.endsAt instanceof Date;
export const eventEntity = bindEntity(
  'calendar event',
  calendarEventFields,
  { '': e },
  {
    all_day: (r) => !timed(r),
    start: (r) => (timed(r) ? (r.startsAt as Date).toISOString() : r.startDate),
    end: (r) => (timed(r) ? (r.endsAt as Date).toISOString() : r.endDate),
  },
);

/** The most events one range read answers: a 400-day range of a busy firm fits with room to spare. */
export const MAX_EVENTS_PER_READ = 2000;

const live = (scope: Scope) => and(isNull(e.deletedAt), scopeWhere(scope, { firm: e.firmId }));

/** The firm's events touching the days `from`..`to` (inclusive), in the order a day shows them. */
export function listEventsBetween(ex: Executor, scope: Scope, from: string, to: string) {
  return ex
    .select()
    .from(e)
    .where(and(live(scope), lte(e.startDate, to), gte(e.endDate, from)))
    .orderBy(asc(e.startDate), sql`${e.startsAt} asc nulls first`, asc(e.id))
    .limit(MAX_EVENTS_PER_READ);
}

export async function findEvent(ex: Executor, scope: Scope, id: number) {
  const [row] = await ex
    .select()
    .from(e)
    .where(and(eq(e.id, id), live(scope)));
  return row;
}

export async function insertEvent(ex: AuditedTx, values: CalendarEventColumns & { firmId: number }) {
  const [row] = await ex.insert(e).values(values).returning();
  return row;
}

export async function updateEvent(ex: AuditedTx, id: number, values: Partial<CalendarEventColumns>) {
  const [row] = await ex
    .update(e)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(e.id, id))
    .returning();
  return row;
}

export async function softDeleteEvent(ex: AuditedTx, id: number) {
  await ex.update(e).set({ deletedAt: new Date() }).where(eq(e.id, id));
}
