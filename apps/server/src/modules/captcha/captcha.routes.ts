import {
  captchaChallenge,
  captchaChallengeQuery,
  errorResponse,
  verifyCaptchaBody,
  verifyCaptchaResponse,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { captchaChallengeFor } from '../auth/auth.service.js';
import { verifyCaptcha } from './captcha.service.js';

const errors = { 400: errorResponse, 429: errorResponse };
const publicRoute = { auth: 'public' } as const;

/** The sign-in captcha's calls: public, since they come before anyone is signed in. */
export function captchaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/captcha/challenge/',
      {
        config: publicRoute,
        schema: { tags: ['auth'], querystring: captchaChallengeQuery, response: { 200: captchaChallenge, ...errors } },
      },
      async (request, reply) => {
        // A challenge is used once: a cached one would be refused.
        reply.header('cache-control', 'no-store');
        return captchaChallengeFor(deps, request.query.email, request.ip);
      },
    );

    app.post(
      '/api/verify_captcha/',
      {
        config: publicRoute,
        schema: { tags: ['auth'], body: verifyCaptchaBody, response: { 200: verifyCaptchaResponse, ...errors } },
      },
      async (request) => verifyCaptcha(deps, request.body.token),
    );
  };
}
