import {
  errorResponse,
  firmBody,
  firmListQuery,
  firmSchema,
  idParam,
  LOGO_MAX_BYTES,
  pageOf as pageSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as firms from './firms.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['firms'];

export function firmRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/firms/',
      { schema: { tags, querystring: firmListQuery, response: { 200: pageSchema(firmSchema), ...errors } } },
      async (request) => {
        const { count, results } = await firms.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.post(
      '/api/firms/',
      { schema: { tags, body: firmBody, response: { 201: firmSchema, ...errors } } },
      async (request, reply) => {
        return reply.status(201).send(await firms.create(ctx(request), request.body));
      },
    );

    app.get(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, response: { 200: firmSchema, ...errors } } },
      async (request) => firms.get(ctx(request), request.params.id),
    );

    app.put(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, body: firmBody, response: { 200: firmSchema, ...errors } } },
      async (request) => firms.update(ctx(request), request.params.id, request.body),
    );

    app.delete(
      '/api/firms/:id/',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await firms.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    // A logo arrives as the raw image body, whatever type it claims: the service checks the bytes, so a
    // wrong type is refused with a message about images rather than the JSON routes' one.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES * 2 }, (_req, body, done) =>
        done(null, body),
      );
      scope.put(
        '/api/firms/:id/logo/',
        {
          schema: {
            tags,
            params: idParam,
            description: 'The raw image (PNG, JPEG, WebP or GIF, at most 512 KB) as the body, with its content type.',
            response: { 200: firmSchema, ...errors },
          },
        },
        async (request) =>
          firms.setLogo(
            ctx(request),
            request.params.id,
            String(request.headers['content-type'] ?? ''),
            Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          ),
      );
    });
    app.get('/api/firms/:id/logo/', { schema: { tags, params: idParam } }, async (request, reply) => {
      const logo = await firms.getLogo(ctx(request), request.params.id);
      return reply.type(logo.type).send(logo.bytes);
    });
  };
}
