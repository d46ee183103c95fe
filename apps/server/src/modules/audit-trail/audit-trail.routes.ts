import {
  auditChainCheckSchema,
  auditEventSchema,
  auditEventsExportQuery,
  auditEventsQuery,
  errorResponse,
  pageOf as pageSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../platform/content-disposition.js';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as auditTrail from './audit-trail.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['audit trail'];

/** The audit trail, its CSV and the check of its hash chain. */
export function auditTrailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/audit_events/',
      {
        schema: {
          tags,
          querystring: auditEventsQuery,
          description:
            "Every change recorded in the portal, newest first (`ordering=occurred_at`: oldest first). A super administrator or super CCO reads every firm's events and the platform's own; a CCO or an administrator their firm's; anyone else 403. Filters: `entity`, `entity_id`, `action` (exact), `firm` (an id), `actor` (a user id, or text within a person's name or email: the events they caused and those about their account that nobody signed in caused), `from` and `to` (days in the portal's time zone, both included). Each event names its actor (null: anonymous when it has a client address, else the system), the account an anonymous event is about (`subject_*`), and the request's client address and user agent. Each event's `changes` lists the fields it changed, before → after; client PII and secrets read '[redacted]'.",
          response: { 200: pageSchema(auditEventSchema), ...errors },
        },
      },
      async (request) => {
        const { count, results } = await auditTrail.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.get(
      '/api/audit_events/export/',
      {
        schema: {
          tags,
          querystring: auditEventsExportQuery,
          description:
            "The filtered events as CSV, oldest first, streamed: '{firm abbreviation|all-firms}-audit-trail-{YYYY-MM-DD}.csv'. The same readers, filters and columns as the list (`actor_name` reads 'anonymous' for a request nobody signed in made); 404 when nothing matches. The export is itself recorded in the trail.",
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('The file (text/csv)'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await auditTrail.exportCsv(ctx(request), request.query);
        return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(fileName)).send(stream);
      },
    );

    app.get(
      '/api/audit_events/verify/',
      {
        schema: {
          tags,
          description:
            "Checks the whole hash chain, oldest event first: each event's seal (an HMAC of its content and the previous event's hash) and its link to the event before it. `first_bad_id` is the first event edited, or the first after a deleted one; `checked` counts the events read. Super administrators and CCOs.",
          response: { 200: auditChainCheckSchema, ...errors },
        },
      },
      async (request) => auditTrail.verify(ctx(request)),
    );
  };
}
