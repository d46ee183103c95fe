import {
  errorResponse,
  firmParam,
  idParam,
  pageOf as pageSchema,
  periodQuery,
  recordId,
  submissionStatusPage,
  submissionStatusQuery,
  supervisedPersonBody,
  supervisedPersonListQuery,
  supervisedPersonSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as roster from './supervised-persons.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const noContent = { 204: z.null(), ...errors };
const userParam = z.object({ user: recordId });

export function supervisedPersonRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    const rosterTags = ['supervised persons'];
    const rosterPage = { 200: pageSchema(supervisedPersonSchema), ...errors };
    const entry = { 200: supervisedPersonSchema, ...errors };
    app.get(
      '/api/supervised_persons/',
      { schema: { tags: rosterTags, querystring: supervisedPersonListQuery, response: rosterPage } },
      async (request) => {
        const { count, results } = await roster.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    app.get(
      '/api/supervised_persons/:firm/firm/',
      { schema: { tags: rosterTags, params: firmParam, querystring: supervisedPersonListQuery, response: rosterPage } },
      async (request) => {
        const q = { ...request.query, firm: request.params.firm };
        const { count, results } = await roster.list(ctx(request), q);
        return pageOf(request, deps.config.publicUrl, q, count, results);
      },
    );
    app.get(
      '/api/supervised_persons/me/',
      {
        schema: {
          tags: rosterTags,
          description:
            "The caller's own roster entry, or null when they are not on the roster: the attestation form asks it of every filer.",
          querystring: periodQuery,
          response: { 200: supervisedPersonSchema.nullable(), ...errors },
        },
      },
      async (request) => roster.mine(ctx(request), request.query),
    );
    app.get(
      '/api/supervised_persons/:id/',
      { schema: { tags: rosterTags, params: idParam, querystring: periodQuery, response: entry } },
      async (request) => roster.get(ctx(request), request.params.id, request.query),
    );
    app.get(
      '/api/supervised_persons/:user/get_supervised_person_by_user_id/',
      { schema: { tags: rosterTags, params: userParam, querystring: periodQuery, response: entry } },
      async (request) => roster.ofUser(ctx(request), request.params.user, request.query),
    );
    // Attestation submission status: the seed's paths were inconsistent; these two are the API.
    const statusSchema = { tags: ['attestation submission status'], querystring: submissionStatusQuery };
    const statusResponse = { 200: submissionStatusPage, ...errors };
    const statusPage = async (request: FastifyRequest, q: z.output<typeof submissionStatusQuery>) => {
      const { rows, count, period, summary, remindersOpen } = await roster.submissionStatus(ctx(request), q);
      return {
        ...pageOf(request, deps.config.publicUrl, q, count, rows),
        ...period,
        reminders_open: remindersOpen,
        summary,
      };
    };
    app.get(
      '/api/attestation_submission_status/',
      { schema: { ...statusSchema, response: statusResponse } },
      async (request) => statusPage(request, request.query),
    );
    app.get(
      '/api/attestation_submission_status/:firm/firm/',
      { schema: { ...statusSchema, params: firmParam, response: statusResponse } },
      async (request) => statusPage(request, { ...request.query, firm: request.params.firm }),
    );
    app.post(
      '/api/supervised_persons/',
      {
        schema: { tags: rosterTags, body: supervisedPersonBody, response: { 201: supervisedPersonSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await roster.add(ctx(request), request.body)),
    );
    app.put(
      '/api/supervised_persons/:id/',
      { schema: { tags: rosterTags, params: idParam, body: supervisedPersonBody, response: entry } },
      async (request) => roster.update(ctx(request), request.params.id, request.body),
    );
    app.delete(
      '/api/supervised_persons/:id/',
      { schema: { tags: rosterTags, params: idParam, response: noContent } },
      async (request, reply) => {
        await roster.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
