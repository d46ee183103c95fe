import {
  errorResponse,
  idParam,
  messages,
  serviceProvider,
  serviceProviderBody,
  serviceProviderListQuery,
  serviceProviderPage,
  serviceProviderUpdateBody,
  ssoInitQuery,
} from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { forbidden, HttpError } from '../../platform/errors.js';
import { pageOf } from '../../platform/list.js';
import * as sso from './sso.service.js';
import { autoPostPage, errorPage } from './sso-page.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['single sign-on'];

/**
 * A sign-on with the session cookie that another site started (its link or script, not the person's
 * click in the portal): refused, so no other site signs a person in to a service provider.
 */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (request.auth?.via === 'cookie' && (site === 'cross-site' || site === 'same-site'))
    throw forbidden(messages.sso.crossSite);
}

const sendHtml = (reply: FastifyReply, { html, csp }: { html: string; csp: string }) =>
  reply.header('content-security-policy', csp).type('text/html; charset=utf-8').send(html);

export function ssoRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/sso/init/',
      {
        schema: {
          tags,
          querystring: ssoInitQuery,
          description:
            "An HTML page that posts a signed SAML response for the signed-in person to the service provider `sp` of their firm (IdP-initiated single sign-on). The portal's links open it in a new tab.",
          produces: ['text/html'],
        },
        // The page opens in a tab of its own: a refusal there is a page saying why, not JSON.
        errorHandler: (err: FastifyError, request, reply) => {
          const status = err instanceof HttpError ? err.status : err.validation ? 400 : undefined;
          if (!status || !request.headers.accept?.includes('text/html')) throw err;
          const message = err instanceof HttpError ? err.detail : messages.http.badRequest;
          return sendHtml(reply.status(status), errorPage(message, deps.config.publicUrl));
        },
      },
      async (request, reply) => {
        refuseCrossSite(request);
        return sendHtml(reply, autoPostPage(await sso.signOn(ctx(request), request.query.sp)));
      },
    );

    app.get(
      '/api/sso/metadata/',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          description: "The portal's SAML 2.0 identity provider metadata (entity ID, signing certificates).",
          produces: ['application/xml'],
        },
      },
      async (_request, reply) => reply.type('application/xml; charset=utf-8').send(sso.metadata(deps)),
    );

    app.get(
      '/api/sso/service_providers/',
      { schema: { tags, querystring: serviceProviderListQuery, response: { 200: serviceProviderPage, ...errors } } },
      async (request) => {
        const { count, results } = await sso.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.post(
      '/api/sso/service_providers/',
      { schema: { tags, body: serviceProviderBody, response: { 201: serviceProvider, ...errors } } },
      async (request, reply) => reply.status(201).send(await sso.create(ctx(request), request.body)),
    );

    app.get(
      '/api/sso/service_providers/:id/',
      { schema: { tags, params: idParam, response: { 200: serviceProvider, ...errors } } },
      async (request) => sso.get(ctx(request), request.params.id),
    );

    app.put(
      '/api/sso/service_providers/:id/',
      {
        schema: {
          tags,
          params: idParam,
          body: serviceProviderUpdateBody,
          response: { 200: serviceProvider, ...errors },
        },
      },
      async (request) => sso.update(ctx(request), request.params.id, request.body),
    );

    app.delete(
      '/api/sso/service_providers/:id/',
      { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await sso.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
