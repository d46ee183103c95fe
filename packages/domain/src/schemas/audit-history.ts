import { z } from 'zod';
import { attestationSchema } from './attestations.js';

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
export const historyEvent = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  /** 'create', 'update', 'review' (a status change) or 'delete'. */
  action: z.string(),
  /** Who did it (their name as their account holds it, a deleted account's too); null for the system. */
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  /** 'attestation', or the kind of row ('personal security', 'outside business activity', 'political contribution'). */
  entity: z.string(),
  entity_id: z.number().int().nullable(),
  changes: z.array(historyChange),
});
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
