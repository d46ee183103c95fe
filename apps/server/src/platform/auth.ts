import { createHash, timingSafeEqual } from 'node:crypto';
import { isStaff, messages, shouldRefresh, type User } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { forbidden, HttpError, notFound, unauthorized } from './errors.js';
import type { TokenService } from './tokens.js';

export const SESSION_COOKIE = 'portal_session';
export const CSRF_COOKIE = 'csrftoken';

/** The signed-in account, as the auth module loads it for each request. */
export interface Principal {
  id: number;
  email: string;
  firstName: string | null;
  passwordHash: string | null;
  isActive: boolean;
  profile: { firmId: number | null } | null;
}

/**
 * Loads a token's live session and its active account, or null. The auth module provides it: the
 * platform knows that a request has a session, not how sessions and accounts are stored.
 */
export type SessionResolver = (
  sessionId: string,
  userId: number,
) => Promise<{ sessionId: string; user: Principal; actor: User; mfaPending?: boolean; versions?: string } | null>;

export interface AuthState {
  user: Principal;
  /** The account as the API shows it; also the `Actor` of every permission rule. */
  actor: User;
  sessionId: string;
  origIat: number;
  via: 'cookie' | 'header';
  /**
   * The access token the request came with (sign-out drops it from the verified tokens kept in memory);
   * absent where work runs on a person's behalf without a request (the CLI, a calendar feed).
   */
  token?: string;
  /** Signed in, but held at two-factor set-up until a factor is confirmed. */
  mfaPending?: boolean;
  /** The tables' versions as the session check read them (`allVersionsColumn`), for `keptAnswer`. */
  versions?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
  interface FastifyContextConfig {
    /**
     * Deny by default: a route is public only when it says so. `operator`: the operator's METRICS_TOKEN
     * as a bearer token, and no person's session (the metrics); without the setting the route is absent (404).
     */
    auth?: 'required' | 'public' | 'operator';
    /**
     * `setup`: open to a session held at two-factor set-up (the set-up calls, the signed-in user,
     * sign-out). Every other route answers such a session 403, so a new route is covered by default.
     */
    twoFactor?: 'setup';
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The signed-in user of a request, or a 401. Routes call this; the hook has already checked it. */
export function requireAuth(request: { auth: AuthState | null }): AuthState {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Signed in as the firm's staff (anyone but a client), or a 401/403. */
export function requireStaff(request: { auth: AuthState | null }): AuthState {
  const auth = requireAuth(request);
  if (!isStaff(auth.actor)) throw forbidden();
  return auth;
}

export function registerAuth(
  app: FastifyInstance,
  deps: { config: Config; tokens: TokenService },
  resolveSession: SessionResolver,
) {
  const { config, tokens } = deps;
  const publicOrigin = new URL(config.publicUrl).origin;
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request, reply) => {
    rejectCrossSite(request);
    if (request.routeOptions.config?.auth === 'public') return;
    if (request.routeOptions.config?.auth === 'operator') return requireOperator(request, config.metricsToken);
    if (!request.routeOptions.url) return; // not-found: answered 404 without revealing anything
    const header = request.headers.authorization;
    const bearer = header?.match(/^(?:Bearer|JWT)\s+(\S+)$/i)?.[1];
    const cookieToken = request.cookies[SESSION_COOKIE];
    const token = bearer ?? cookieToken;
    if (!token) throw unauthorized();
    const claims = await tokens.verify(token);
    if (!claims) throw unauthorized(messages.auth.sessionExpired);
    const signedIn = await resolveSession(claims.sessionId, claims.userId);
    if (!signedIn) throw unauthorized(messages.auth.sessionExpired);
    const { sessionId, user, actor } = signedIn;
    const via = bearer ? 'header' : 'cookie';
    if (via === 'cookie' && UNSAFE.has(request.method)) checkCsrf(request, publicOrigin, tokens.csrfFor(sessionId));
    const mfaPending = signedIn.mfaPending === true;
    const { versions } = signedIn;
    request.auth = { user, actor, sessionId, origIat: claims.origIat, via, mfaPending, token, versions };
    if (mfaPending && request.routeOptions.config?.twoFactor !== 'setup')
      throw forbidden(messages.twoFactor.setupRequired);
    if (via === 'cookie' && shouldRefresh(claims, Math.floor(Date.now() / 1000))) {
      setSessionCookie(reply, config, await tokens.sign(user.id, sessionId, claims.origIat));
    }
  });
}

/**
 * The operator's token, compared in constant time (both sides hashed first, so neither the length nor a
 * prefix leaks). A person's session or token is never enough: it is not this token.
 */
function requireOperator(request: FastifyRequest, token: string | undefined) {
  if (!token) throw notFound();
  const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  if (!timingSafeEqual(digest(given), digest(token))) throw unauthorized(messages.metrics.operatorTokenRequired);
}

/** A browser tells us where a request came from; a cross-site unsafe request is refused outright. */
function rejectCrossSite(request: FastifyRequest) {
  if (!UNSAFE.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw forbidden(messages.auth.csrfFailed);
}

/** The header must carry this session's token (the web reads it from the `csrftoken` cookie). */
function checkCsrf(request: FastifyRequest, publicOrigin: string, expected: string) {
  const header = Buffer.from(String(request.headers['x-csrftoken'] ?? ''));
  const ok = header.length === expected.length && timingSafeEqual(header, Buffer.from(expected));
  if (!ok) throw new HttpError(403, messages.auth.csrfFailed);
  const origin = request.headers.origin;
  if (origin && origin !== `${request.protocol}://${request.host}` && origin !== publicOrigin) {
    throw new HttpError(403, messages.auth.csrfFailed);
  }
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: config.accessTokenTtl,
  });
}

/** The web app's session cookie and the CSRF token it echoes, both for one session. */
export function setSessionCookies(
  reply: FastifyReply,
  deps: { config: Config; tokens: TokenService },
  token: string,
  sessionId: string,
) {
  setSessionCookie(reply, deps.config, token);
  setCsrfCookie(reply, deps, sessionId);
}

export function setCsrfCookie(reply: FastifyReply, deps: { config: Config; tokens: TokenService }, sessionId: string) {
  reply.setCookie(CSRF_COOKIE, deps.tokens.csrfFor(sessionId), {
    httpOnly: false,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    path: '/',
  });
}

export function clearAuthCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
