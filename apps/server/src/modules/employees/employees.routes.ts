import {
  employeeBody,
  employeeListQuery,
  employeeSchema,
  errorResponse,
  idParam,
  messages,
  okResponse,
  pageOf as pageSchema,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import * as employees from './employees.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['employees'];

export function employeeRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/employees/',
      { schema: { tags, querystring: employeeListQuery, response: { 200: pageSchema(employeeSchema), ...errors } } },
      async (request) => {
        const { count, results } = await employees.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.get(
      '/api/employees/:id/',
      { schema: { tags, params: idParam, response: { 200: employeeSchema, ...errors } } },
      async (request) => employees.get(ctx(request), request.params.id),
    );

    app.put(
      '/api/employees/:id/',
      { schema: { tags, params: idParam, body: employeeBody, response: { 200: employeeSchema, ...errors } } },
      async (request) => employees.update(ctx(request), request.params.id, request.body),
    );

    app.put(
      '/api/employees/:id/remove_member',
      { schema: { tags, params: idParam, response: { 200: okResponse, ...errors } } },
      async (request) => {
        await employees.removeMember(ctx(request), request.params.id);
        return { detail: messages.employees.removed };
      },
    );
  };
}
