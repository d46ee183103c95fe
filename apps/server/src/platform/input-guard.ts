import { messages } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from './errors.js';

/**
 * A string PostgreSQL cannot store (a NUL byte) or that is not valid Unicode (a lone surrogate) is
 * refused before any route sees it, wherever it hides: the body, the query, a key or a nested value.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // A path segment that is not a clean string names no record.
    if (Object.keys(collect(request.params, '', {})).length) throw notFound();
    const fields: Record<string, string> = {};
    for (const source of [request.query, request.body]) collect(source, '', fields);
    const names = Object.keys(fields);
    if (names.length)
      throw badRequest(names.length === 1 ? messages.http.badCharacter : messages.http.badRequest, fields);
  });
}

/** A NUL byte (PostgreSQL cannot store it) or a lone surrogate (not Unicode). */
export const unstorable = (s: string) => s.includes('\u0000') || !s.isWellFormed();

function collect(value: unknown, path: string, out: Record<string, string>, depth = 0): Record<string, string> {
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) {
    if (typeof value === 'string' && unstorable(value)) out[path || 'non_field_errors'] = messages.http.badCharacter;
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (unstorable(key)) out[path || 'non_field_errors'] = messages.http.badCharacter;
    else collect(child, at, out, depth + 1);
  }
  return out;
}
