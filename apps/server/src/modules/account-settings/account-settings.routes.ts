import {
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  confirmEmailBody,
  emailChangePreview,
  emailLinkBody,
  errorResponse,
  idParam,
  okResponse,
  pendingEmailChange,
  tokenResponse,
  updatePersonalInfoBody,
  userSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setSessionCookie, setSessionCookies } from '../../platform/auth.js';
import { type AppDeps, contextOf, metaOf } from '../../platform/context.js';
import * as users from '../users/users.service.js';
import * as settings from './account-settings.service.js';

const tags = ['account settings'];
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
      {
        schema: {
          tags,
          summary: 'Ask to change your email address: a link goes to the new address, which applies when opened',
          body: changeEmailBody,
          response: { 200: changeEmailResponse, ...errors },
        },
      },
      async (request, reply) => {
        const context = ctx(request);
        const result = await settings.changeEmail(context, request.body);
        if (context.auth.via === 'cookie') setSessionCookie(reply, deps.config, result.token);
        return result;
      },
    );

    app.get(
      '/api/account_settings/change_email/',
      {
        schema: {
          tags,
          summary: 'Your email address and the change waiting for confirmation, if any',
          response: { 200: pendingEmailChange, ...errors },
        },
      },
      async (request) => settings.pendingChange(ctx(request)),
    );

    app.delete(
      '/api/account_settings/change_email/',
      {
        schema: {
          tags,
          summary: 'Cancel the email address change waiting for confirmation',
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => settings.cancelEmailChangeOf(ctx(request)),
    );

    app.post(
      '/api/account_settings/change_email/resend/',
      {
        schema: {
          tags,
          summary: 'Mail a new confirmation link to the pending address (the earlier link stops working)',
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => settings.resendEmailChange(ctx(request)),
    );

    app.post(
      '/api/account_settings/confirm_email/preview/',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            'What the link mailed to a new address asks for: the account (masked), the new address, whether the password is asked',
          body: emailLinkBody,
          response: { 200: emailChangePreview, ...errors },
        },
      },
      async (request) => settings.previewEmailLink(deps, request.body),
    );

    app.post(
      '/api/account_settings/confirm_email/',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            'Open the link mailed to a new address: the address changes (with the password when someone else asked)',
          body: confirmEmailBody,
          response: { 200: okResponse, 429: errorResponse, ...errors },
        },
      },
      async (request) => settings.confirmEmail(deps, request.body, metaOf(request)),
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
