import {
  createUserQuery,
  endedSessionsResponse,
  errorResponse,
  firmParam,
  idParam,
  messages,
  okResponse,
  pageOf as pageSchema,
  sendActivationBody,
  userListItem,
  userListQuery,
  userSchema,
  userWithFirm,
  userWriteBody,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { JSON_TYPE, jsonListOf, jsonPageOf } from '../../platform/list.js';
import * as users from './users.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['users'];
// The screen's lists answer its rows; GET /api/users/ answers whole users in its "results".
const pages = { row: pageSchema(userListItem), user: pageSchema(userWithFirm) };

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    const listRoute = (url: string, shape: 'row' | 'user', view?: 'FIRM_USERS' | 'ADVISOR_CLIENTS') =>
      app.get(
        url,
        { schema: { tags, querystring: userListQuery, response: { 200: pages[shape], ...errors } } },
        async (request, reply) => {
          const { rows, count } = await users.list(ctx(request), request.query, shape, view);
          // The rows are JSON text from the database: the body is assembled, not serialized (list.ts).
          const body = jsonPageOf(request, deps.config.publicUrl, request.query, count, rows);
          return reply.type(JSON_TYPE).send(body as never);
        },
      );
    listRoute('/api/users/', 'user');
    listRoute('/api/users/filter/', 'row');
    listRoute('/api/users/firm_users/', 'row', 'FIRM_USERS');
    listRoute('/api/users/firm_advisor_clients/', 'row', 'ADVISOR_CLIENTS');

    const advisorsRoute = (url: string, activeOnly: boolean) =>
      app.get(
        url,
        {
          schema: {
            tags,
            params: firmParam,
            response: { 200: z.object({ count: z.number(), results: z.array(userWithFirm) }), ...errors },
          },
        },
        async (request, reply) => {
          const { rows, count } = await users.advisorsOf(ctx(request), request.params.firm, activeOnly);
          return reply.type(JSON_TYPE).send(jsonListOf(count, rows) as never);
        },
      );
    advisorsRoute('/api/users/:firm/all_advisors/', false);
    advisorsRoute('/api/users/:firm/firm_advisors/', true);

    app.post(
      '/api/users/',
      { schema: { tags, querystring: createUserQuery, body: userWriteBody, response: { 201: userSchema, ...errors } } },
      async (request, reply) => {
        return reply.status(201).send(await users.create(ctx(request), request.body, request.query.notifyUser));
      },
    );

    app.get(
      '/api/users/:id/',
      { schema: { tags, params: idParam, response: { 200: userSchema, ...errors } } },
      async (request) => users.get(ctx(request), request.params.id),
    );

    app.put(
      '/api/users/:id/',
      { schema: { tags, params: idParam, body: userWriteBody, response: { 200: userSchema, ...errors } } },
      async (request) => users.update(ctx(request), request.params.id, request.body),
    );

    app.delete(
      '/api/users/:id/',
      { schema: { tags, params: idParam, response: { 200: okResponse, ...errors } } },
      async (request) => {
        await users.remove(ctx(request), request.params.id);
        return { detail: messages.users.deleted };
      },
    );

    app.post(
      '/api/users/:id/send_account_activation_link/',
      { schema: { tags, params: idParam, body: sendActivationBody, response: { 200: okResponse, ...errors } } },
      async (request) => users.sendActivationLink(ctx(request), request.params.id, request.body.generateNewPassword),
    );

    app.post(
      '/api/users/:id/end_sessions/',
      {
        schema: {
          tags,
          summary: "End every session of a user (an administrator of the user's firm, or a super admin)",
          params: idParam,
          response: { 200: endedSessionsResponse, ...errors },
        },
      },
      async (request) => users.endSessions(ctx(request), request.params.id),
    );

    app.post(
      '/api/users/:id/cancel_email_change/',
      {
        schema: {
          tags,
          summary: "Cancel the address change waiting for the person's confirmation",
          params: idParam,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => users.cancelEmailChangeOf(ctx(request), request.params.id),
    );

    app.post(
      '/api/users/:id/cancel_invitation/',
      {
        schema: {
          tags,
          summary: 'Cancel the pending invitation (the mailed activation link) of a never-activated account',
          params: idParam,
          response: { 200: userSchema, ...errors },
        },
      },
      async (request) => users.cancelInvitation(ctx(request), request.params.id),
    );
  };
}
