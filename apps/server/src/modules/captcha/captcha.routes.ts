import { errorResponse, verifyCaptchaBody, verifyCaptchaResponse } from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/context.js';
import { verifyCaptcha } from './captcha.service.js';

const errors = { 400: errorResponse, 429: errorResponse };
const publicRoute = { auth: 'public' } as const;

/**
 * Checking a captcha solution: public, since it comes before anyone is signed in. The challenge is
 * issued by the auth module's route, whose failed sign-ins set how hard it is.
 */
export function captchaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
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
