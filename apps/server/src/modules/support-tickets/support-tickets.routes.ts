import {
  caseReplyBody,
  caseReplyListQuery,
  caseReplySchema,
  errorResponse,
  idParam,
  newSupportTicketBody,
  pageOf as pageSchema,
  supportTicketBody,
  supportTicketListItem,
  supportTicketListQuery,
  supportTicketSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as cases from './support-tickets.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['support_tickets'];
const BASE = '/api/support_tickets/';

/** Support cases and their conversation. */
export function supportTicketRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  const one = { 200: supportTicketSchema, ...errors };
  return async (app) => {
    app.get(
      BASE,
      {
        schema: {
          tags,
          description:
            "A staff member's own cases; the firm's handlers (administrators and named support handlers) every " +
            "case of the firm, a super admin every firm's. Search (case number, subject, submitter), status (one " +
            'or several), category, ordering, paging. Clients: 403.',
          querystring: supportTicketListQuery,
          response: { 200: pageSchema(supportTicketListItem), ...errors },
        },
      },
      async (request) => {
        const { count, results } = await cases.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    app.post(
      BASE,
      {
        schema: {
          tags,
          description:
            "Opens a case for the caller's firm: CaseNumber, Origin (Web), Status (New), CreatedDate and the " +
            "submitter (id, name, email) are set by the server. The firm's handlers are mailed.",
          body: newSupportTicketBody,
          response: { 201: supportTicketSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await cases.create(ctx(request), request.body)),
    );
    app.get(`${BASE}:id/`, { schema: { tags, params: idParam, response: one } }, async (request) =>
      cases.get(ctx(request), request.params.id),
    );
    app.put(
      `${BASE}:id/`,
      {
        schema: {
          tags,
          description:
            "The submitter and the handlers edit the fields; only a handler changes Status (a submitter's change " +
            'of it: 403). ClosedDate follows the status; a status change is mailed to the submitter.',
          params: idParam,
          body: supportTicketBody,
          response: one,
        },
      },
      async (request) => cases.update(ctx(request), request.params.id, request.body),
    );
    app.get(
      `${BASE}:id/replies/`,
      {
        schema: {
          tags,
          params: idParam,
          querystring: caseReplyListQuery,
          response: { 200: pageSchema(caseReplySchema), ...errors },
        },
      },
      async (request) => {
        const { count, results } = await cases.replies(ctx(request), request.params.id, request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    app.post(
      `${BASE}:id/replies/`,
      {
        schema: {
          tags,
          description:
            "A reply on the case: the submitter's is mailed to the firm's handlers, a handler's to the submitter.",
          params: idParam,
          body: caseReplyBody,
          response: { 201: caseReplySchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await cases.reply(ctx(request), request.params.id, request.body)),
    );
  };
}
