import type { Db, Executor, Tx } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

export interface AuditContext {
  actorId: number | null;
  requestId: string | null;
}

export interface AuditEvent {
  action: string;
  entity: string;
  entityId?: string | number | null;
  firmId?: number | null;
  changes?: Record<string, unknown>;
}

const SECRET_OR_PII = /password|token|secret|ssn|social|tax_?id|dob|birth|licen[cs]e|logo/i;

/** Changed fields are recorded by name; secrets and PII by name only, never by value. */
export function redactChanges(changes: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!changes) return undefined;
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_OR_PII.test(k) ? '[redacted]' : v]));
}

/** Written in the caller's transaction, so a mutation and its audit event commit or fail together. */
async function audit(tx: Executor, ctx: AuditContext, event: AuditEvent) {
  await tx.insert(auditEvents).values({
    actorId: ctx.actorId,
    requestId: ctx.requestId,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId == null ? null : String(event.entityId),
    firmId: event.firmId ?? null,
    changes: redactChanges(event.changes) ?? null,
  });
}

/**
 * The one way a service writes: `work` runs in a transaction and records what it did through
 * `record`; the events are inserted in the same transaction. A write that records nothing is a bug
 * and rolls back, so every change leaves its trace or does not happen.
 */
export async function writeAudited<T>(
  db: Db,
  meta: AuditContext,
  work: (tx: Tx, record: (event: AuditEvent) => void) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const events: AuditEvent[] = [];
    const result = await work(tx, (event) => events.push(event));
    if (events.length === 0) throw new Error('a write recorded no audit event');
    for (const event of events) await audit(tx, meta, event);
    return result;
  });
}
