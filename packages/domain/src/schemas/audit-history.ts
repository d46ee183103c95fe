import { z } from 'zod';
import { attestationSchema } from './attestations.js';
import { defineFields, readSchema } from './field-table.js';

/**
 * One field's change in a record's history. `field` is the wire name (`Job_Title__c`); a child row's
 * field also names its list (`Personal_Securities__r`) and the row's `Id`. A secret or PII value is
 * '[redacted]' on both sides, never in clear.
 */
export const historyChange = z.object({
  field: z.string(),
  list: z.string().optional(),
  row: z.number().int().optional(),
  from: z.unknown(),
  to: z.unknown(),
});
export type HistoryChange = z.infer<typeof historyChange>;

/** One audit event of a record or of one of its rows. */
export const historyEventFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  occurred_at: { column: 'occurredAt', read: z.string(), set: 'server' },
  /** 'create', 'update', 'review' (a status change) or 'delete'. */
  action: { column: 'action', read: z.string(), set: 'server' },
  /** Who did it (their name as their account holds it, a deleted account's too); null for the system. */
  actor_id: { column: 'actorId', read: z.number().int().nullable(), set: 'server' },
  actor_name: { column: 'actorName', read: z.string().nullable(), set: 'server' },
  /** 'attestation', or the kind of row ('personal security', 'outside business activity', 'political contribution'). */
  entity: { column: 'entity', read: z.string(), set: 'server' },
  entity_id: { column: 'entityId', read: z.number().int().nullable(), set: 'server' },
  /** The event's changes as the history reads them (each field before and after). */
  changes: { column: 'changes', read: z.array(historyChange), set: 'server' },
});
export const historyEvent = readSchema(historyEventFields);
export type HistoryEvent = z.infer<typeof historyEvent>;

/**
 * An attestation's history, oldest event first, and the attestation as it was first submitted (as
 * `GET /api/quarterly_attestations/{id}/` answered then, PII redacted), or null when not recorded.
 */
export const attestationHistorySchema = z.object({
  original: attestationSchema.nullable(),
  events: z.array(historyEvent),
});
export type AttestationHistory = z.infer<typeof attestationHistorySchema>;
