import { errorResponse, lifeImpactPageBody, lifeImpactPageSchema } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as pages from './firm-pages.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['pages'];

export function firmPageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/pages/life-impact/',
      {
        schema: {
          tags,
          description: "The firm's Life Impact page (sanitized HTML; empty when unwritten).",
          response: { 200: lifeImpactPageSchema, ...errors },
        },
      },
      async (request) => pages.lifeImpact(ctx(request)),
    );
    app.put(
      '/api/pages/life-impact/',
      {
        schema: {
          tags,
          description:
            'Saves the Life Impact page, for the firm’s administrators; the HTML is sanitized to an allow-list.',
          body: lifeImpactPageBody,
          response: { 200: lifeImpactPageSchema, ...errors },
        },
      },
      async (request) => pages.saveLifeImpact(ctx(request), request.body),
    );
  };
}
