import { errorResponse, remindersSent, sendReminderBody, sendRemindersBody } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as reminders from './reminders.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

export function reminderRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    const tags = ['quarterly attestations'];
    const response = { 200: remindersSent, ...errors };
    app.post(
      '/api/quarterly_attestations/send_email/',
      {
        schema: {
          tags,
          description:
            'Mails a supervised person a reminder to file the attestation of the quarter being filed now (fiscalYear and fiscalQuarter may name it; another quarter is a 400, since the form files no other), by CCOs of their firm and super CCOs. 409 when they have filed it or cannot sign in; 429 when they were reminded less than a day ago.',
          body: sendReminderBody,
          response,
        },
      },
      async (request) => reminders.sendOne(ctx(request), request.body),
    );
    app.post(
      '/api/quarterly_attestations/send_reminders/',
      {
        schema: {
          tags,
          description:
            'Mails every supervised person of the firm who has not filed the quarter being filed now (Pending or Delinquent) a reminder; those whose account is not active are counted in skipped_inactive, those reminded less than a day ago in skipped_recent, and neither is mailed.',
          body: sendRemindersBody,
          response,
        },
      },
      async (request) => reminders.sendToFirm(ctx(request), request.body),
    );
  };
}
