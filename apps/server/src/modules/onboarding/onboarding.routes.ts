import {
  clientAgreementBody,
  clientAgreementList,
  clientAgreementListQuery,
  clientAgreementSchema,
  errorResponse,
  idParam,
  investorProfileBody,
  investorProfileQuery,
  investorProfileSchema,
  messages,
  onboardingStatusSchema,
  revealQuery,
  userIdParam,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { clientAgreements, investorProfiles, statusOf } from './onboarding.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
const tags = ['onboarding'];
/**
 * Any invalid field of the agreement: the form's toast, 'Required field(s) not provided.', as the detail, the
 * field messages beside it.
 */
const agreementConfig = { validationDetail: messages.clientAgreements.requiredFields };

/** Client onboarding: the client agreement and the investor profile. */
export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/client_agreements/',
      { schema: { tags, querystring: clientAgreementListQuery, response: { 200: clientAgreementList, ...errors } } },
      async (request) => ({
        next: null,
        previous: null,
        ...(await clientAgreements.list(ctx(request), request.query.portalUserId)),
      }),
    );
    app.post(
      '/api/client_agreements/',
      {
        config: agreementConfig,
        schema: { tags, body: clientAgreementBody, response: { 201: clientAgreementSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await clientAgreements.create(ctx(request), request.body)),
    );
    app.get(
      '/api/client_agreements/:id/',
      {
        schema: {
          tags,
          description: 'The PII is masked; `?reveal=true` answers it in clear to the readers, as an audit event.',
          params: idParam,
          querystring: revealQuery,
          response: { 200: clientAgreementSchema, ...errors },
        },
      },
      async (request) => clientAgreements.get(ctx(request), request.params.id, request.query.reveal),
    );
    app.put(
      '/api/client_agreements/:id/',
      {
        config: agreementConfig,
        schema: {
          tags,
          params: idParam,
          body: clientAgreementBody,
          response: { 200: clientAgreementSchema, ...errors },
        },
      },
      async (request) => clientAgreements.update(ctx(request), request.params.id, request.body),
    );
    app.get(
      '/api/investor_profile/:userId/',
      {
        schema: {
          tags,
          params: userIdParam,
          querystring: investorProfileQuery,
          response: { 200: investorProfileSchema, ...errors },
        },
      },
      async (request) => investorProfiles.get(ctx(request), request.params.userId, request.query.portalUserEmail),
    );
    app.put(
      '/api/investor_profile/:userId/',
      {
        schema: {
          tags,
          params: userIdParam,
          body: investorProfileBody,
          response: { 200: investorProfileSchema, ...errors },
        },
      },
      async (request) => investorProfiles.save(ctx(request), request.params.userId, request.body),
    );
    app.get(
      '/api/onboarding/:userId/status/',
      { schema: { tags, params: userIdParam, response: { 200: onboardingStatusSchema, ...errors } } },
      async (request) => statusOf(ctx(request), request.params.userId),
    );
  };
}
