import {
  calendarEventBody,
  calendarEventSchema,
  calendarFeedParams,
  calendarFeedSchema,
  calendarRangeQuery,
  calendarRangeSchema,
  errorResponse,
  idParam,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as calendar from './calendar.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['calendar'];

export function calendarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/calendar/events/',
      {
        schema: {
          tags,
          description:
            "The firm's events touching the days from..to (inclusive, at most 400 days) and, for staff, the attestation deadlines the firm's grace days fix in them.",
          querystring: calendarRangeQuery,
          response: { 200: calendarRangeSchema, ...errors },
        },
      },
      async (request) => calendar.range(ctx(request), request.query),
    );

    app.post(
      '/api/calendar/events/',
      { schema: { tags, body: calendarEventBody, response: { 201: calendarEventSchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await calendar.createEvent(ctx(request), request.body)),
    );

    app.put(
      '/api/calendar/events/:id/',
      { schema: { tags, params: idParam, body: calendarEventBody, response: { 200: calendarEventSchema, ...errors } } },
      async (request) => calendar.updateEventOf(ctx(request), request.params.id, request.body),
    );

    app.delete(
      '/api/calendar/events/:id/',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await calendar.removeEvent(ctx(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/calendar/feed/',
      {
        schema: {
          tags,
          description: 'The private address of the caller’s calendar feed (ICS).',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => calendar.feed(ctx(request)),
    );

    app.post(
      '/api/calendar/feed/reset/',
      {
        schema: {
          tags,
          description: 'Replaces the caller’s feed address; the old one stops working.',
          response: { 200: calendarFeedSchema, ...errors },
        },
      },
      async (request) => calendar.resetFeed(ctx(request)),
    );

    // Fetched by calendar apps, which cannot sign in: the token in the path is the credential.
    app.get(
      '/api/calendar/feed/:token/calendar.ics',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          description:
            'The calendar feed (text/calendar, RFC 5545) of the token’s owner; 404 for an unknown or reset token.',
          params: calendarFeedParams,
        },
      },
      async (request, reply) => {
        const body = await calendar.feedCalendar(deps, request.params.token);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="calendar.ics"')
          .send(body);
      },
    );
  };
}
