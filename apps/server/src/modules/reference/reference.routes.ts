import { listOf, profileTypeSchema, roleSchema, stateSchema, userRoleSchema } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as reference from './reference.service.js';

/** Reference lists any signed-in person may read; small and fixed, so not paged. */
export function referenceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  const tags = ['reference'];
  return async (app) => {
    app.get('/api/states/', { schema: { tags, response: { 200: listOf(stateSchema) } } }, (request) =>
      reference.states(ctx(request)),
    );
    app.get('/api/profile_types/', { schema: { tags, response: { 200: listOf(profileTypeSchema) } } }, (request) =>
      reference.profileTypes(ctx(request)),
    );
    app.get('/api/roles/', { schema: { tags, response: { 200: listOf(roleSchema) } } }, (request) =>
      reference.roles(ctx(request)),
    );
    app.get('/api/user_roles/', { schema: { tags, response: { 200: listOf(userRoleSchema) } } }, (request) =>
      reference.myRoles(ctx(request)),
    );
  };
}
