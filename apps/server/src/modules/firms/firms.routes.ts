import {
  errorResponse,
  firmBody,
  firmListQuery,
  firmSchema,
  idParam,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  pageOf as pageSchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/auth.js';
import { type AppDeps, metaOf } from '../../platform/context.js';
import { pageOf } from '../../platform/pagination.js';
import * as firms from './firms.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['firms'];

export function firmRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Logos arrive as the raw image body.
    for (const type of LOGO_TYPES) {
      app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES * 2 }, (_req, body, done) =>
        done(null, body),
      );
    }

    app.get(
      '/api/firms/',
      { schema: { tags, querystring: firmListQuery, response: { 200: pageSchema(firmSchema), ...errors } } },
      async (request) => {
        const { count, results } = await firms.list(deps, requireAuth(request).actor, request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.post(
      '/api/firms/',
      { schema: { tags, body: firmBody, response: { 201: firmSchema, ...errors } } },
      async (request, reply) => {
        const firm = await firms.create(deps, requireAuth(request), request.body, metaOf(request));
        return reply.status(201).send(firm);
      },
    );

    app.get(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, response: { 200: firmSchema, ...errors } } },
      async (request) => firms.get(deps, requireAuth(request).actor, request.params.id),
    );

    app.put(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, body: firmBody, response: { 200: firmSchema, ...errors } } },
      async (request) => firms.update(deps, requireAuth(request), request.params.id, request.body, metaOf(request)),
    );

    app.delete(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await firms.remove(deps, requireAuth(request), request.params.id, metaOf(request));
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/api/firms/:id/logo/',
      {
        schema: {
          tags,
          params: idParam,
          description: 'The raw image (PNG, JPEG, WebP or GIF, at most 512 KB) as the body.',
          response: { 200: firmSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body))
          throw Object.assign(new Error('unsupported'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
        return firms.setLogo(
          deps,
          requireAuth(request),
          request.params.id,
          String(request.headers['content-type']),
          body,
          metaOf(request),
        );
      },
    );

    app.get('/api/firms/:id/logo/', { schema: { tags, params: idParam } }, async (request, reply) => {
      const logo = await firms.getLogo(deps, requireAuth(request).actor, request.params.id);
      return reply.type(logo.type).send(logo.bytes);
    });
  };
}
