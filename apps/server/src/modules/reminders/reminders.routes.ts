import { errorResponse, remindersSent, sendReminderBody, sendRemindersBody } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as reminders from './reminders.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

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
            'Mails a supervised person a reminder to file the attestation of a period (fiscalYear and fiscalQuarter; without them, the period being filed now), by CCOs of their firm and super CCOs. 409 when they have filed that period; 400 for a period whose filing has not opened.',
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
            'Mails every supervised person of the firm who has not filed the period (Pending or Delinquent) a reminder; those whose account is not active are counted in skipped_inactive, not mailed.',
          body: sendRemindersBody,
          response,
        },
      },
      async (request) => reminders.sendToFirm(ctx(request), request.body),
    );
  };
}
