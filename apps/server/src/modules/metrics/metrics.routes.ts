import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectGarbageIfExposed, type Metrics } from '../../platform/metrics.js';

/**
 * `GET /api/metrics`: Prometheus' text format, for the operator's token alone (platform/auth.ts,
 * `auth: 'operator'`). Not in the API's documentation: it is the operator's, not a client's.
 */
export function metricsRoutes(metrics: Metrics): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/metrics',
      {
        config: { auth: 'operator' },
        schema: {
          hide: true,
          // `gc=1`: a full collection first when the process runs with --expose-gc (the soak's heap figure).
          querystring: z.object({ gc: z.enum(['1']).optional() }),
        },
      },
      async (request, reply) => {
        if (request.query.gc) collectGarbageIfExposed();
        return reply.type(metrics.contentType).send(await metrics.text());
      },
    );
  };
}
