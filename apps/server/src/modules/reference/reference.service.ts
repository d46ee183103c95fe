import type { Ctx } from '../../platform/context.js';
import { listProfileTypes, listRoles, listStates, rolesOfUser } from './reference.repository.js';

// Reference lists any signed-in person may read: small and fixed, so answered whole, not paged.

export const states = async (ctx: Ctx) => ({ results: await listStates(ctx.deps.db) });
export const profileTypes = async (ctx: Ctx) => ({ results: await listProfileTypes(ctx.deps.db) });
export const roles = async (ctx: Ctx) => ({ results: await listRoles(ctx.deps.db) });

/** The caller's own role assignments; administrators see others' through user management. */
export const myRoles = async (ctx: Ctx) => ({ results: await rolesOfUser(ctx.deps.db, ctx.actor.id) });
