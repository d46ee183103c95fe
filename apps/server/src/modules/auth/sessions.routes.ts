import {
  endedSessionsResponse,
  errorResponse,
  okResponse,
  sessionIdParam,
  sessionListQuery,
  sessionPage,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clearAuthCookies } from '../../platform/auth.js';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as sessions from './sessions.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['auth'];

/** Settings → Sessions: the caller's own sessions. */
export function sessionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/auth/sessions/',
      { schema: { tags, querystring: sessionListQuery, response: { 200: sessionPage, ...errors } } },
      async (request) => {
        const { count, results } = await sessions.listOwn(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.delete(
      '/api/auth/sessions/:id/',
      { schema: { tags, params: sessionIdParam, response: { 200: okResponse, ...errors } } },
      async (request, reply) => {
        const { detail, current } = await sessions.endOwn(ctx(request), request.params.id);
        if (current) clearAuthCookies(reply);
        return { detail };
      },
    );

    app.post(
      '/api/auth/sessions/end_others/',
      {
        schema: {
          tags,
          summary: 'End every session of the caller but the one this request is made with',
          response: { 200: endedSessionsResponse, ...errors },
        },
      },
      async (request) => sessions.endOthers(ctx(request)),
    );
  };
}
