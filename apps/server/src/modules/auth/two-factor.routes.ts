import {
  errorResponse,
  factorListResponse,
  idParam,
  loginMfaBody,
  okResponse,
  passkeyRegisterBody,
  passkeyRegisterResponse,
  passwordBody,
  recoveryCodesResponse,
  signedInResponse,
  totpConfirmBody,
  totpSetupResponse,
  webauthnCreationOptions,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookies } from '../../platform/auth.js';
import { type AppDeps, contextOf, metaOf } from '../../platform/context.js';
import * as twoFactor from './two-factor.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};
const tags = ['two-factor'];
/** Open to a session held at set-up: what setting up a factor needs (platform/auth.ts). */
const setup = { twoFactor: 'setup' } as const;

export function twoFactorRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.post(
      '/api/auth/login/mfa/',
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], body: loginMfaBody, response: { 200: signedInResponse, ...errors } },
      },
      async (request, reply) => {
        const { token, user, sessionId } = await twoFactor.loginMfa(deps, request.body, metaOf(request));
        setSessionCookies(reply, deps, token, sessionId);
        return { token, user };
      },
    );

    app.get(
      '/api/auth/mfa/',
      { config: setup, schema: { tags, response: { 200: factorListResponse, ...errors } } },
      async (request) => twoFactor.listFactors(ctx(request)),
    );

    app.post(
      '/api/auth/mfa/totp/setup/',
      { config: setup, schema: { tags, response: { 200: totpSetupResponse, ...errors } } },
      async (request) => twoFactor.startTotp(ctx(request)),
    );

    app.post(
      '/api/auth/mfa/totp/confirm/',
      { config: setup, schema: { tags, body: totpConfirmBody, response: { 200: recoveryCodesResponse, ...errors } } },
      async (request) => twoFactor.confirmTotp(ctx(request), request.body.code),
    );

    app.post(
      '/api/auth/mfa/webauthn/options/',
      { config: setup, schema: { tags, response: { 200: webauthnCreationOptions, ...errors } } },
      async (request) => twoFactor.passkeyOptions(ctx(request)),
    );

    app.post(
      '/api/auth/mfa/webauthn/register/',
      {
        config: setup,
        schema: { tags, body: passkeyRegisterBody, response: { 200: passkeyRegisterResponse, ...errors } },
      },
      async (request) => twoFactor.registerPasskey(ctx(request), request.body),
    );

    app.post(
      '/api/auth/mfa/recovery_codes/',
      { schema: { tags, body: passwordBody, response: { 200: recoveryCodesResponse, ...errors } } },
      async (request) => twoFactor.regenerateRecoveryCodes(ctx(request), request.body.password),
    );

    app.delete(
      '/api/auth/mfa/:id/',
      { schema: { tags, params: idParam, body: passwordBody, response: { 200: okResponse, ...errors } } },
      async (request) => twoFactor.removeFactor(ctx(request), request.params.id, request.body.password),
    );

    app.post(
      '/api/users/:id/mfa_reset/',
      { schema: { tags: ['users'], params: idParam, response: { 200: okResponse, ...errors } } },
      async (request) => twoFactor.resetUserFactors(ctx(request), request.params.id),
    );
  };
}
