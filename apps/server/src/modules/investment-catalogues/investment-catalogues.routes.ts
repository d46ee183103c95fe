import {
  advisorEntriesQuery,
  errorResponse,
  feeScheduleBody,
  feeScheduleListQuery,
  feeScheduleSchema,
  firmEntriesQuery,
  firmFeeScheduleBody,
  firmFeeScheduleListQuery,
  firmFeeScheduleSchema,
  firmModelBody,
  firmModelListQuery,
  firmModelSchema,
  firmParam,
  firmTkParam,
  idParam,
  investmentModelBody,
  investmentModelListQuery,
  investmentModelSchema,
  pageOf as pageSchema,
  recordId,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import { type CatalogueService, feeSchedules, investmentModels } from './catalogues.service.js';
import { type AssignmentService, firmFeeSchedules, firmModels } from './firm-assignments.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const noContent = { 204: z.null(), ...errors };
type Query = typeof investmentModelListQuery;

/** A catalogue's calls, under its base path and with its firm and advisor list paths. */
interface CatalogueApi {
  base: string;
  tag: string;
  service: CatalogueService;
  schema: typeof investmentModelSchema | typeof feeScheduleSchema;
  body: typeof investmentModelBody | typeof feeScheduleBody;
  query: Query | typeof feeScheduleListQuery;
  /** `{firm}/firm_…/` and the query that names its advisor (`userId` for fee schedules, none for models). */
  firmPath: string;
  advisorPath: string;
}

function catalogueRoutes(deps: AppDeps, api: CatalogueApi): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  const page = { 200: pageSchema(api.schema), ...errors };
  const one = { 200: api.schema, ...errors };
  const tags = [api.tag];
  const query = api.query as Query;
  return async (app) => {
    app.get(api.base, { schema: { tags, querystring: query, response: page } }, async (request) => {
      const { count, results } = await api.service.list(ctx(request), request.query);
      return pageOf(request, deps.config.publicUrl, request.query, count, results);
    });
    app.get(
      `${api.base}:firm/${api.firmPath}/`,
      { schema: { tags, params: firmParam, querystring: query.extend(firmEntriesQuery.shape), response: page } },
      async (request) => {
        const q = { ...request.query, advisor: request.query.userId };
        const { count, results } = await api.service.ofFirm(ctx(request), request.params.firm, q);
        return pageOf(request, deps.config.publicUrl, q, count, results);
      },
    );
    app.get(
      `${api.base}:firmTk/${api.advisorPath}/`,
      { schema: { tags, params: firmTkParam, querystring: query.extend(advisorEntriesQuery.shape), response: page } },
      async (request) => {
        const { firmTk } = request.params;
        const q = request.query;
        const { count, results } = await api.service.ofAdvisor(ctx(request), firmTk, q.financialAdvisorUserId, q);
        return pageOf(request, deps.config.publicUrl, q, count, results);
      },
    );
    app.post(
      api.base,
      { schema: { tags, body: api.body, response: { 201: api.schema, ...errors } } },
      async (request, reply) => reply.status(201).send(await api.service.create(ctx(request), request.body)),
    );
    app.get(`${api.base}:id/`, { schema: { tags, params: idParam, response: one } }, async (request) =>
      api.service.get(ctx(request), request.params.id),
    );
    app.put(`${api.base}:id/`, { schema: { tags, params: idParam, body: api.body, response: one } }, async (request) =>
      api.service.update(ctx(request), request.params.id, request.body),
    );
    app.delete(
      `${api.base}:id/`,
      { schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await api.service.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}

/** A firm assignment's calls (`GET`, `firm/?firm=`, `advisor/`, `POST`, `{id}/`). */
interface AssignmentApi {
  base: string;
  tag: string;
  service: AssignmentService;
  schema: typeof firmModelSchema | typeof firmFeeScheduleSchema;
  body: typeof firmModelBody | typeof firmFeeScheduleBody;
  query: typeof firmModelListQuery | typeof firmFeeScheduleListQuery;
}

function assignmentRoutes(deps: AppDeps, api: AssignmentApi): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  const page = { 200: pageSchema(api.schema), ...errors };
  const one = { 200: api.schema, ...errors };
  const tags = [api.tag];
  const query = api.query as typeof firmModelListQuery;
  return async (app) => {
    app.get(api.base, { schema: { tags, querystring: query, response: page } }, async (request) => {
      const { count, results } = await api.service.list(ctx(request), request.query);
      return pageOf(request, deps.config.publicUrl, request.query, count, results);
    });
    app.get(
      `${api.base}firm/`,
      { schema: { tags, querystring: query.extend({ firm: recordId }), response: page } },
      async (request) => {
        const { count, results } = await api.service.ofFirm(ctx(request), request.query.firm, request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    app.get(`${api.base}advisor/`, { schema: { tags, querystring: query, response: page } }, async (request) => {
      const { count, results } = await api.service.ofCaller(ctx(request), request.query);
      return pageOf(request, deps.config.publicUrl, request.query, count, results);
    });
    app.post(
      api.base,
      { schema: { tags, body: api.body, response: { 201: api.schema, ...errors } } },
      async (request, reply) => reply.status(201).send(await api.service.create(ctx(request), request.body)),
    );
    app.get(`${api.base}:id/`, { schema: { tags, params: idParam, response: one } }, async (request) =>
      api.service.get(ctx(request), request.params.id),
    );
    app.put(`${api.base}:id/`, { schema: { tags, params: idParam, body: api.body, response: one } }, async (request) =>
      api.service.update(ctx(request), request.params.id, request.body),
    );
    app.delete(
      `${api.base}:id/`,
      { schema: { tags, params: idParam, response: noContent } },
      async (request, reply) => {
        await api.service.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}

export function investmentCatalogueRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(
      catalogueRoutes(deps, {
        base: '/api/investment_models/',
        tag: 'investment models',
        service: investmentModels,
        schema: investmentModelSchema,
        body: investmentModelBody,
        query: investmentModelListQuery,
        firmPath: 'firm_investment_models',
        advisorPath: 'advisor_investment_models',
      }),
    );
    await app.register(
      catalogueRoutes(deps, {
        base: '/api/fee_schedules/',
        tag: 'fee schedules',
        service: feeSchedules,
        schema: feeScheduleSchema,
        body: feeScheduleBody,
        query: feeScheduleListQuery,
        firmPath: 'firm_fee_schedules',
        advisorPath: 'advisor_fee_schedules',
      }),
    );
    await app.register(
      assignmentRoutes(deps, {
        base: '/api/firm_models/',
        tag: 'firm models',
        service: firmModels,
        schema: firmModelSchema,
        body: firmModelBody,
        query: firmModelListQuery,
      }),
    );
    await app.register(
      assignmentRoutes(deps, {
        base: '/api/firm_fee_schedules/',
        tag: 'firm fee schedules',
        service: firmFeeSchedules,
        schema: firmFeeScheduleSchema,
        body: firmFeeScheduleBody,
        query: firmFeeScheduleListQuery,
      }),
    );
  };
}
