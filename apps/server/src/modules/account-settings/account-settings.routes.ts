import {
  changeEmailBody,
  changePasswordBody,
  errorResponse,
  idParam,
  loginResponse,
  tokenResponse,
  updatePersonalInfoBody,
  userSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth, setSessionCookie, setSessionCookies } from '../../platform/auth.js';
import { type AppDeps, metaOf } from '../../platform/context.js';
import * as settings from './account-settings.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export function accountSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/api/account_settings/change_password/',
      { schema: { tags: ['account settings'], body: changePasswordBody, response: { 200: tokenResponse, ...errors } } },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { token, sessionId } = await settings.changePassword(deps, auth, request.body, metaOf(request));
        if (auth.via === 'cookie') setSessionCookies(reply, deps, token, sessionId);
        return { token };
      },
    );

    app.put(
      '/api/account_settings/change_email/',
      { schema: { tags: ['account settings'], body: changeEmailBody, response: { 200: loginResponse, ...errors } } },
      async (request, reply) => {
        const auth = requireAuth(request);
        const result = await settings.changeEmail(deps, auth, request.body.email, metaOf(request));
        if (auth.via === 'cookie') setSessionCookie(reply, deps.config, result.token);
        return result;
      },
    );

    app.put(
      '/api/account_settings/update_personal_info/:id/',
      {
        schema: {
          tags: ['account settings'],
          params: idParam,
          body: updatePersonalInfoBody,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) =>
        settings.updatePersonalInfo(deps, requireAuth(request), request.params.id, request.body, metaOf(request)),
    );
  };
}
