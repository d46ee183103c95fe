import { type Actor, type Area, type Scope, scopeOf } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Executor } from '../db/client.js';
import type { AuditContext } from './audit.js';
import { type AuthState, requireAuth } from './auth.js';
import type { Background } from './background.js';
import type { JobRunner } from './jobs.js';
import type { MailWorker } from './mail.js';
import type { PiiKeyring } from './pii.js';
import type { Storage } from './storage.js';
import type { TokenService } from './tokens.js';

/** What services need from the platform; built once in buildApp and passed explicitly. */
export interface AppDeps {
  config: Config;
  background: Background;
  db: Executor;
  tokens: TokenService;
  mailer: MailWorker;
  /** The scheduled jobs; started by the server, run by hand in tests (`runDue(now)`). */
  jobs: JobRunner;
  /** Client PII encryption under the configured keys. */
  pii: PiiKeyring;
  /** Files: local disk or an S3-compatible bucket (platform/storage.ts). */
  storage: Storage;
}

export interface RequestMeta extends AuditContext {
  ip: string;
  userAgent: string | null;
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
    requestId: request.id,
    actorId: request.auth?.user.id ?? null,
  };
}

/**
 * Everything a service needs to act for a signed-in person: the platform, who they are, what they
 * may see, and the request's meta for the audit trail. Routes make it with `contextOf` and pass it on.
 */
export interface Ctx {
  deps: AppDeps;
  auth: AuthState;
  actor: Actor;
  meta: RequestMeta;
  /** The actor's reach in an area (`rules/scope.ts`): repository reads require it. */
  scope(area: Area): Scope;
  /**
   * The tables' versions at the start of a GET (read with the session): what `keptAnswer` keeps a
   * page under. Absent on other methods, whose own writes would not show in them.
   */
  versions?: string;
}

export function contextOf(deps: AppDeps, request: FastifyRequest): Ctx {
  const auth = requireAuth(request);
  return {
    deps,
    auth,
    actor: auth.actor,
    meta: metaOf(request),
    scope: (area) => scopeOf(auth.actor, area),
    versions: request.method === 'GET' ? auth.versions : undefined,
  };
}

/** The context of a person outside any request (seeding, the benchmark): same rules, no HTTP. */
export function contextFor(deps: AppDeps, auth: AuthState): Ctx {
  const meta: RequestMeta = { ip: '127.0.0.1', userAgent: null, requestId: null, actorId: auth.user.id };
  return { deps, auth, actor: auth.actor, meta, scope: (area) => scopeOf(auth.actor, area) };
}
