import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchSizes, routes } from '../../../../scripts/bench/routes.mjs';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>
  >;
}
interface Schema {
  properties?: Record<string, unknown>;
}

/**
 * Lists that have no row yet, each to be given one (with the volume the bench seeds for it). The list
 * can only shrink: a list named here that has a row fails too, so it is taken off.
 */
const NOT_YET_BENCHED = new Set<string>([]);

const SIZES: BenchSizes = {
  scale: 1,
  users: 10_000,
  firms: 20,
  roster: 2_000,
  strategies: 50_000,
  supportCases: 50_000,
  auditEvents: 200_000,
};

/** A page of the list envelope: what every paged list of the API answers. */
const isPage = (schema: Schema | undefined) =>
  ['count', 'next', 'previous', 'results'].every((k) => k in (schema?.properties ?? {}));

/** The paths of the API's paged lists, as the OpenAPI document gives them (`/api/resources/{id}/…`). */
function pagedLists(doc: OpenApiDoc): string[] {
  return Object.entries(doc.paths)
    .filter(([, methods]) => isPage(methods.get?.responses?.['200']?.content?.['application/json']?.schema))
    .map(([path]) => path)
    .sort();
}

/** Whether a bench row requests the list: its path (query aside) fits the template, any id in a `{…}`. */
const requests = (template: string, path: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(
    path.split('?')[0],
  );

describe('npm run bench', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has a row for every paged list of the API', () => {
    const lists = pagedLists(t.app.swagger() as unknown as OpenApiDoc);
    expect(lists.length).toBeGreaterThan(20);
    const benched = routes
      .filter((r) => (r.method ?? 'GET') === 'GET')
      .map((r) => (typeof r.path === 'function' ? r.path(SIZES) : r.path));
    const missing = lists.filter((list) => !benched.some((path) => requests(list, path)));
    expect(
      missing.filter((list) => !NOT_YET_BENCHED.has(list)),
      'lists without a row in scripts/bench/routes.mjs',
    ).toEqual([]);
    expect(
      [...NOT_YET_BENCHED].filter((list) => !missing.includes(list)),
      'NOT_YET_BENCHED names a list that has a row now (or is gone): take it off',
    ).toEqual([]);
  });

  it('holds every row but the baseline to a target', () => {
    expect(routes.filter((r) => !r.baseline && !r.target).map((r) => r.name)).toEqual([]);
  });
});
