import { listOf, profileTypeSchema, roleSchema, stateSchema, userRoleSchema } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileTypes, roles, states, userRoles } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/context.js';

/** Reference lists any signed-in person may read; small and fixed, so not paged. */
export function referenceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const tags = ['reference'];
  return async (app) => {
    app.get('/api/states/', { schema: { tags, response: { 200: listOf(stateSchema) } } }, async () => ({
      results: await deps.db.select().from(states).orderBy(asc(states.name)),
    }));
    app.get('/api/profile_types/', { schema: { tags, response: { 200: listOf(profileTypeSchema) } } }, async () => ({
      results: (await deps.db.select().from(profileTypes).orderBy(asc(profileTypes.profileTypeTk))).map((p) => ({
        profile_type_tk: p.profileTypeTk,
        name: p.name,
      })),
    }));
    app.get('/api/roles/', { schema: { tags, response: { 200: listOf(roleSchema) } } }, async () => ({
      results: await deps.db.select().from(roles).orderBy(asc(roles.id)),
    }));
    app.get('/api/user_roles/', { schema: { tags, response: { 200: listOf(userRoleSchema) } } }, async (request) => {
      // A person's own role assignments; administrators see assignments through user management.
      const me = request.auth?.user.id ?? 0;
      const rows = await deps.db.select().from(userRoles).where(eq(userRoles.userId, me));
      return { results: rows.map((r) => ({ id: r.id, user: r.userId, role: r.roleId })) };
    });
  };
}
