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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookie, setSessionCookies } from '../../platform/auth.js';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as users from '../users/users.service.js';
import * as settings from './account-settings.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export function accountSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.put(
      '/api/account_settings/change_password/',
      { schema: { tags: ['account settings'], body: changePasswordBody, response: { 200: tokenResponse, ...errors } } },
      async (request, reply) => {
        const context = ctx(request);
        const { token, sessionId } = await settings.changePassword(context, request.body);
        if (context.auth.via === 'cookie') setSessionCookies(reply, deps, token, sessionId);
        return { token };
      },
    );

    app.put(
      '/api/account_settings/change_email/',
      { schema: { tags: ['account settings'], body: changeEmailBody, response: { 200: loginResponse, ...errors } } },
      async (request, reply) => {
        const context = ctx(request);
        const result = await settings.changeEmail(context, request.body);
        if (context.auth.via === 'cookie') setSessionCookie(reply, deps.config, result.token);
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
      async (request) => users.updatePersonalInfo(ctx(request), request.params.id, request.body),
    );
  };
}
