import { z } from 'zod';
import { pageOf, pageQuery } from './common.js';

/** One signed-in session of a person (Settings → Sessions). Instants are ISO 8601 UTC. */
export const sessionSchema = z.object({
  id: z.uuid(),
  /** The user agent as a person reads it ("Chrome on macOS"), from `rules/user-agent.ts`. */
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionPage = pageOf(sessionSchema);
export const sessionListQuery = pageQuery;
export type SessionListQuery = z.infer<typeof sessionListQuery>;

/** A session id in a path: anything but a UUID names no session (404). */
export const sessionIdParam = z.object({ id: z.uuid() });

/** The answer of a call that ends sessions: what it says, and how many it ended. */
export const endedSessionsResponse = z.object({ detail: z.string(), ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsResponse>;
