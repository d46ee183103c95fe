import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';
import { defineFields, readSchema } from './field-table.js';

/** One signed-in session of a person (Settings → Sessions). Instants are ISO 8601 UTC. */
export const sessionFields = defineFields({
  id: { column: 'id', read: z.uuid(), set: 'server' },
  /** The user agent as a person reads it ("Chrome on macOS"), from `rules/user-agent.ts`. */
  device: { column: 'device', read: z.string(), set: 'server' },
  user_agent: { column: 'userAgent', read: z.string().nullable(), set: 'server' },
  ip: { column: 'ip', read: z.string().nullable(), set: 'server' },
  created_at: { column: 'createdAt', read: z.string(), set: 'server' },
  last_used_at: { column: 'lastUsedAt', read: z.string(), set: 'server' },
  /** The session this request was made with. */
  current: { column: 'current', read: z.boolean(), set: 'server' },
});
export const sessionSchema = readSchema(sessionFields);
export type Session = z.infer<typeof sessionSchema>;

export const sessionPage = pageOf(sessionSchema);
export const sessionListQuery = pageQuery;
export type SessionListQuery = z.infer<typeof sessionListQuery>;

/** A session id in a path: anything but a UUID names no session (404). */
export const sessionIdParam = z.object({ id: z.uuid() });

/** The answer of a call that ends sessions: what it says, and how many it ended. */
export const endedSessionsResponse = z.object({ detail: z.string(), ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsResponse>;
