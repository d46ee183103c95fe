import {
  cashRequestBody,
  cashRequestListItem,
  cashRequestListQuery,
  cashRequestSchema,
  cashRequestStatusBody,
  errorResponse,
  idParam,
  investmentStrategyBody,
  investmentStrategyListItem,
  investmentStrategyListQuery,
  investmentStrategySchema,
  investmentStrategyStatusBody,
  pageOf as pageSchema,
  type StatusChangeBody,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import { cashRequests, type InvestmentRequestService, investmentStrategies } from './investment-requests.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** The calls of one kind of request, under its base path. */
interface RequestApi {
  base: string;
  tag: string;
  service: InvestmentRequestService;
  schema: typeof investmentStrategySchema | typeof cashRequestSchema;
  listItem: typeof investmentStrategyListItem | typeof cashRequestListItem;
  body: typeof investmentStrategyBody | typeof cashRequestBody;
  query: typeof investmentStrategyListQuery | typeof cashRequestListQuery;
  statusBody: typeof investmentStrategyStatusBody | typeof cashRequestStatusBody;
}

function requestRoutes(deps: AppDeps, api: RequestApi): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  const one = { 200: api.schema, ...errors };
  const tags = [api.tag];
  // The two kinds' schemas differ only in their fields: typed as the strategies' for the handlers.
  const query = api.query as typeof investmentStrategyListQuery;
  const body = api.body as typeof investmentStrategyBody;
  const statusBody = api.statusBody as typeof investmentStrategyStatusBody;
  return async (app) => {
    app.get(
      api.base,
      { schema: { tags, querystring: query, response: { 200: pageSchema(api.listItem), ...errors } } },
      async (request) => {
        const { count, results } = await api.service.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );
    app.post(api.base, { schema: { tags, body, response: { 201: api.schema, ...errors } } }, async (request, reply) =>
      reply.status(201).send(await api.service.create(ctx(request), request.body)),
    );
    app.get(`${api.base}:id/`, { schema: { tags, params: idParam, response: one } }, async (request) =>
      api.service.get(ctx(request), request.params.id),
    );
    app.put(`${api.base}:id/`, { schema: { tags, params: idParam, body, response: one } }, async (request) =>
      api.service.update(ctx(request), request.params.id, request.body),
    );
    app.post(
      `${api.base}:id/status/`,
      {
        schema: {
          tags,
          description:
            "The investment department's move: Submitted → In Progress → Completed, or to the closing status " +
            '(Rejected for a strategy, Cancelled for a cash request) with a reason. Investments users and ' +
            "administrators of the request's firm, and a super admin. The submitting advisor is mailed.",
          params: idParam,
          body: statusBody,
          response: one,
        },
      },
      async (request) => api.service.move(ctx(request), request.params.id, request.body as StatusChangeBody),
    );
  };
}

export function investmentRequestRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const strategies = requestRoutes(deps, {
    base: '/api/investment_strategies/',
    tag: 'investment strategies',
    service: investmentStrategies,
    schema: investmentStrategySchema,
    listItem: investmentStrategyListItem,
    body: investmentStrategyBody,
    query: investmentStrategyListQuery,
    statusBody: investmentStrategyStatusBody,
  });
  const cash = requestRoutes(deps, {
    base: '/api/cash_requests/',
    tag: 'cash requests',
    service: cashRequests,
    schema: cashRequestSchema,
    listItem: cashRequestListItem,
    body: cashRequestBody,
    query: cashRequestListQuery,
    statusBody: cashRequestStatusBody,
  });
  return async (app) => {
    await app.register(strategies);
    await app.register(cash);
  };
}
