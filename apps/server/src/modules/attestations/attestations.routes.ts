import {
  attestationBody,
  attestationHistorySchema,
  attestationListItem,
  attestationListQuery,
  attestationSchema,
  errorResponse,
  firmParam,
  idParam,
  pageOf as pageSchema,
  recordId,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as attestations from './attestations.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const noContent = { 204: z.null(), ...errors };
const userParam = z.object({ user: recordId });

export function attestationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    const tags = ['quarterly attestations'];
    const attestationPage = { 200: pageSchema(attestationListItem), ...errors };

    app.get(
      '/api/quarterly_attestations/',
      { schema: { tags, querystring: attestationListQuery, response: attestationPage } },
      async (request) => {
        const { count, results } = await attestations.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    // One firm's and one person's attestations at `…/:firm/firm` and `…/:user/user`, with and without the slash.
    for (const url of ['/api/quarterly_attestations/:firm/firm', '/api/quarterly_attestations/:firm/firm/'])
      app.get(
        url,
        { schema: { tags, params: firmParam, querystring: attestationListQuery, response: attestationPage } },
        async (request) => {
          const q = { ...request.query, firm: request.params.firm };
          const { count, results } = await attestations.list(ctx(request), q);
          return pageOf(request, deps.config.publicUrl, q, count, results);
        },
      );
    for (const url of ['/api/quarterly_attestations/:user/user', '/api/quarterly_attestations/:user/user/'])
      app.get(
        url,
        { schema: { tags, params: userParam, querystring: attestationListQuery, response: attestationPage } },
        async (request) => {
          const q = { ...request.query, user: request.params.user };
          const { count, results } = await attestations.list(ctx(request), q);
          return pageOf(request, deps.config.publicUrl, q, count, results);
        },
      );
    app.get(
      '/api/quarterly_attestations/:id/',
      { schema: { tags, params: idParam, response: { 200: attestationSchema, ...errors } } },
      async (request) => attestations.get(ctx(request), request.params.id),
    );
    app.get(
      '/api/quarterly_attestations/:id/history/',
      {
        schema: {
          tags,
          description:
            "The attestation's history from the audit trail, oldest event first: each create, update, review " +
            '(a status change) and delete of the attestation and of its rows, with who did it, when, and each ' +
            "field's value before and after (a row's fields name their list and row). Secrets and PII are " +
            "'[redacted]', never in clear. `original` is the attestation as it was first submitted (its " +
            'answer right after the POST); null when it was not recorded. Read like the attestation itself: ' +
            "a person their own, a CCO their firm's, a super CCO every firm's; another firm's is a 404.",
          params: idParam,
          response: { 200: attestationHistorySchema, ...errors },
        },
      },
      async (request) => attestations.history(ctx(request), request.params.id),
    );
    app.get(
      '/api/quarterly_attestations/:user/most_recent/',
      { schema: { tags, params: userParam, response: { 200: attestationSchema, ...errors } } },
      async (request) => attestations.mostRecent(ctx(request), request.params.user),
    );
    app.post(
      '/api/quarterly_attestations/',
      { schema: { tags, body: attestationBody, response: { 201: attestationSchema, ...errors } } },
      async (request, reply) => reply.status(201).send(await attestations.create(ctx(request), request.body)),
    );
    app.put(
      '/api/quarterly_attestations/:id/',
      { schema: { tags, params: idParam, body: attestationBody, response: { 200: attestationSchema, ...errors } } },
      async (request) => attestations.update(ctx(request), request.params.id, request.body),
    );
    app.delete(
      '/api/quarterly_attestations/:id/',
      { schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await attestations.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
    for (const [path, list] of [
      ['personal_securities', 'personalSecurities'],
      ['outside_business_activities', 'outsideBusinessActivities'],
      ['political_contributions', 'politicalContributions'],
    ] as const)
      app.delete(
        `/api/${path}/:id/`,
        { schema: { tags, params: idParam, response: noContent } },
        async (request, reply) => {
          await attestations.removeRow(ctx(request), list, request.params.id);
          return reply.status(204).send(null);
        },
      );
  };
}
