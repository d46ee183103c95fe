import type { Executor } from '../db/client.js';
import { auditEvents } from '../db/schema/index.js';

export interface AuditContext {
  actorId: number | null;
  requestId: string | null;
}

const SECRET_OR_PII = /password|token|secret|ssn|social|tax_?id|dob|birth|licen[cs]e|logo/i;

/** Changed fields are recorded by name; secrets and PII by name only, never by value. */
export function redactChanges(changes: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!changes) return undefined;
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET_OR_PII.test(k) ? '[redacted]' : v]));
}

/** Written in the caller's transaction, so a mutation and its audit event commit or fail together. */
export async function audit(
  tx: Executor,
  ctx: AuditContext,
  event: {
    action: string;
    entity: string;
    entityId?: string | number | null;
    firmId?: number | null;
    changes?: Record<string, unknown>;
  },
) {
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
