import {
  createUserQuery,
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
  userWriteBody,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { type AppDeps, metaOf } from '../../platform/context.js';
import { pageOf } from '../../platform/pagination.js';
import * as users from './users.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['users'];
const page = pageSchema(userListItem);

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const listRoute = (url: string, view?: 'FIRM_USERS' | 'ADVISOR_CLIENTS') =>
      app.get(
        url,
        { schema: { tags, querystring: userListQuery, response: { 200: page, ...errors } } },
        async (request) => {
          const { rows, count } = await users.list(deps, requireAuth(request).actor, request.query, view);
          return pageOf(request, deps.config.publicUrl, request.query, count, rows);
        },
      );
    listRoute('/api/users/');
    listRoute('/api/users/filter/');
    listRoute('/api/users/firm_users/', 'FIRM_USERS');
    listRoute('/api/users/firm_advisor_clients/', 'ADVISOR_CLIENTS');

    const advisorsRoute = (url: string, activeOnly: boolean) =>
      app.get(
        url,
        {
          schema: {
            tags,
            params: firmParam,
            response: { 200: z.object({ count: z.number(), results: z.array(userListItem) }), ...errors },
          },
        },
        async (request) => users.advisorsOf(deps, requireAuth(request).actor, request.params.firm, activeOnly),
      );
    advisorsRoute('/api/users/:firm/all_advisors/', false);
    advisorsRoute('/api/users/:firm/firm_advisors/', true);

    app.post(
      '/api/users/',
      { schema: { tags, querystring: createUserQuery, body: userWriteBody, response: { 201: userSchema, ...errors } } },
      async (request, reply) => {
        const user = await users.create(
          deps,
          requireAuth(request),
          request.body,
          request.query.notifyUser,
          metaOf(request),
        );
        return reply.status(201).send(user);
      },
    );

    app.get(
      '/api/users/:id/',
      { schema: { tags, params: idParam, response: { 200: userSchema, ...errors } } },
      async (request) => users.get(deps, requireAuth(request).actor, request.params.id),
    );

    app.put(
      '/api/users/:id/',
      { schema: { tags, params: idParam, body: userWriteBody, response: { 200: userSchema, ...errors } } },
      async (request) => users.update(deps, requireAuth(request), request.params.id, request.body, metaOf(request)),
    );

    app.delete(
      '/api/users/:id/',
      { schema: { tags, params: idParam, response: { 200: okResponse, ...errors } } },
      async (request) => {
        await users.remove(deps, requireAuth(request), request.params.id, metaOf(request));
        return { detail: messages.users.deleted };
      },
    );

    app.post(
      '/api/users/:id/send_account_activation_link/',
      { schema: { tags, params: idParam, body: sendActivationBody, response: { 200: okResponse, ...errors } } },
      async (request) =>
        users.sendActivationLink(
          deps,
          requireAuth(request),
          request.params.id,
          request.body.generateNewPassword,
          metaOf(request),
        ),
    );
  };
}
