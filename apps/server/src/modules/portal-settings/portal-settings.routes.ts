import { errorResponse, portalSettingsBody, portalSettingsSchema } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as settings from './portal-settings.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['portal settings'];

export function portalSettingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/portal_settings/',
      {
        schema: {
          tags,
          description: "The caller's firm's switched-off menu entries and their coming-soon countdown.",
          response: { 200: portalSettingsSchema, ...errors },
        },
      },
      async (request) => settings.get(ctx(request)),
    );
    app.put(
      '/api/portal_settings/',
      {
        schema: {
          tags,
          description: 'Saves them, for the firm’s administrators.',
          body: portalSettingsBody,
          response: { 200: portalSettingsSchema, ...errors },
        },
      },
      async (request) => settings.update(ctx(request), request.body),
    );
  };
}
