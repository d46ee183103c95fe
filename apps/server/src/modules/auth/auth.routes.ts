import {
  accountConfirmBody,
  captchaChallenge,
  captchaChallengeQuery,
  errorResponse,
  loginBody,
  loginErrorResponse,
  messages,
  okResponse,
  passwordLoginResponse,
  passwordResetBody,
  passwordResetConfirmBody,
  tokenBody,
  tokenLoginResponse,
  tokenResponse,
  userSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_COOKIE, clearAuthCookies, requireAuth, setCsrfCookie, setSessionCookies } from '../../platform/auth.js';
import { type AppDeps, metaOf } from '../../platform/context.js';
import * as passwords from './passwords.service.js';
import * as sessions from './sessions.service.js';
import { captchaChallengeFor } from './sign-in-guard.js';
import * as twoFactor from './two-factor.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse };
const publicRoute = { auth: 'public' } as const;
const setupRoute = { twoFactor: 'setup' } as const;
/** The signed-in user; `mfa_setup_required` while the session is held at two-factor set-up. */
const signedInUserResponse = userSchema.extend({ mfa_setup_required: z.literal(true).optional() });

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The sign-in's captcha challenge, as hard as the failed sign-ins ask (sign-in-guard.ts); the
    // captcha module issues it and checks solutions.
    app.get(
      '/api/captcha/challenge/',
      {
        config: publicRoute,
        schema: {
          tags: ['auth'],
          querystring: captchaChallengeQuery,
          response: { 200: captchaChallenge, 400: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        // A challenge is used once: a cached one would be refused.
        reply.header('cache-control', 'no-store');
        return captchaChallengeFor(deps, request.query.email, request.ip);
      },
    );

    app.post(
      '/api/auth/login/',
      {
        config: publicRoute,
        schema: {
          tags: ['auth'],
          body: loginBody,
          response: { 200: passwordLoginResponse, ...errors, 400: loginErrorResponse },
        },
      },
      async (request, reply) => {
        // A person with a second factor gets the second step's challenge: no session, no cookies yet.
        const result = await twoFactor.login(deps, request.body, metaOf(request));
        if ('mfa_required' in result) return result;
        const { token, user, sessionId, mfaSetupRequired } = result;
        setSessionCookies(reply, deps, token, sessionId);
        return { token, user, ...(mfaSetupRequired ? { mfa_setup_required: true } : {}) };
      },
    );

    app.post(
      '/api/auth/logout/',
      { config: setupRoute, schema: { tags: ['auth'], response: { 200: okResponse, ...errors } } },
      async (request, reply) => {
        await sessions.logout(deps, requireAuth(request), metaOf(request));
        clearAuthCookies(reply);
        return { detail: messages.auth.loggedOut };
      },
    );

    app.get(
      '/api/auth/user/',
      { config: setupRoute, schema: { tags: ['auth'], response: { 200: signedInUserResponse, ...errors } } },
      async (request, reply) => {
        // The auth hook has just loaded the account: it is the answer, with no second query.
        const { actor, sessionId, via } = requireAuth(request);
        // A web session that lost its CSRF cookie gets it back; a bearer client has no use for one.
        if (via === 'cookie' && request.cookies[CSRF_COOKIE] !== deps.tokens.csrfFor(sessionId))
          setCsrfCookie(reply, deps, sessionId);
        // The web's guard sends a session held at two-factor set-up to the set-up screen.
        return request.auth?.mfaPending ? { ...actor, mfa_setup_required: true as const } : actor;
      },
    );

    app.post(
      '/api/auth/password/reset/',
      {
        config: publicRoute,
        schema: { tags: ['auth'], body: passwordResetBody, response: { 200: okResponse, ...errors } },
      },
      async (request) => {
        await passwords.requestPasswordReset(deps, request.body.email, metaOf(request));
        return { detail: messages.auth.resetRequested };
      },
    );

    app.post(
      '/api/auth/password/reset/confirm/',
      {
        config: publicRoute,
        schema: { tags: ['auth'], body: passwordResetConfirmBody, response: { 200: okResponse, ...errors } },
      },
      async (request) => {
        await passwords.confirmPasswordReset(deps, request.body, metaOf(request));
        return { detail: messages.auth.resetComplete };
      },
    );

    app.post(
      '/api/auth/account/confirm/',
      {
        config: publicRoute,
        schema: { tags: ['auth'], body: accountConfirmBody, response: { 200: okResponse, ...errors } },
      },
      async (request) => {
        await passwords.activateAccount(deps, request.body, metaOf(request));
        return { detail: messages.auth.accountActivated };
      },
    );

    app.post(
      '/api/token/',
      {
        config: publicRoute,
        schema: {
          tags: ['token'],
          body: loginBody,
          response: { 200: tokenLoginResponse, ...errors, 400: loginErrorResponse },
        },
      },
      async (request) => {
        const result = await twoFactor.login(deps, request.body, metaOf(request));
        return 'mfa_required' in result ? result : { token: result.token };
      },
    );

    app.post(
      '/api/token/refresh',
      {
        config: publicRoute,
        schema: { tags: ['token'], body: tokenBody, response: { 200: tokenResponse, ...errors } },
      },
      async (request) => ({ token: await sessions.refreshToken(deps, request.body.token) }),
    );

    app.post(
      '/api/token/verify/',
      { config: publicRoute, schema: { tags: ['token'], body: tokenBody, response: { 200: z.object({}), ...errors } } },
      async (request) => {
        await sessions.verifyToken(deps, request.body.token);
        return {};
      },
    );
  };
}
