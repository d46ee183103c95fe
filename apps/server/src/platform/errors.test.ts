import { messages } from '@portal/domain';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, registerErrorHandler } from './errors.js';

/** An error as node-postgres raises it, wrapped by Drizzle as a failed query. */
const failedQuery = (cause: Error & { code?: string }) => new DrizzleQueryError('select 1', [], cause);
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that cannot be reached', () => {
  const app = Fastify();
  const thrown: Record<string, Error> = {
    refused: failedQuery(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    shutdown: failedQuery(withCode('terminating connection due to administrator command', '57P01')),
    starting: failedQuery(withCode('the database system is starting up', '57P03')),
    lost: failedQuery(new Error('Connection terminated unexpectedly')),
    poolTimeout: new Error('timeout exceeded when trying to connect'),
    statementTimeout: failedQuery(withCode('canceling statement due to statement timeout', '57014')),
    bug: failedQuery(withCode('column "nope" does not exist', '42703')),
  };
  beforeAll(async () => {
    registerErrorHandler(app);
    app.get('/:kind', async (request) => {
      throw thrown[(request.params as { kind: string }).kind];
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['refused', 'shutdown', 'starting', 'lost', 'poolTimeout', 'statementTimeout'])(
    'answers 503 with a message a person understands and when to come back (%s)',
    async (kind) => {
      const res = await app.inject({ url: `/${kind}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: messages.http.unavailable });
      expect(res.headers['retry-after']).toBe('30');
    },
  );

  it('leaves a failed query that is a bug a 500, without its text', async () => {
    const res = await app.inject({ url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: messages.http.internal });
    expect(isDatabaseUnavailable(thrown.bug)).toBe(false);
  });
});
