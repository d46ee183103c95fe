import {
  errorResponse,
  firmLink,
  firmLinkBody,
  firmLinkListQuery,
  firmLinkPage,
  firmLinkUpdateBody,
  idParam,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as links from './firm-links.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['firm links'];

export function firmLinkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/firm_links/',
      {
        schema: {
          tags,
          querystring: firmLinkListQuery,
          description:
            "Without `firm`: the caller's firm's links their menus show. With `firm`: every link of the firm, for its administrators.",
          response: { 200: firmLinkPage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await links.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.post(
      '/api/firm_links/',
      { schema: { tags, body: firmLinkBody, response: { 201: firmLink, ...errors } } },
      async (request, reply) => reply.status(201).send(await links.create(ctx(request), request.body)),
    );

    app.put(
      '/api/firm_links/:id/',
      { schema: { tags, params: idParam, body: firmLinkUpdateBody, response: { 200: firmLink, ...errors } } },
      async (request) => links.update(ctx(request), request.params.id, request.body),
    );

    app.delete(
      '/api/firm_links/:id/',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await links.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
