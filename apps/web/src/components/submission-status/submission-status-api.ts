import type { RemindersSent, SubmissionStatusPage, sendReminderBody, sendRemindersBody } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, queryString } from '../../lib/api';
import type { PageParams } from '../../lib/list-page-query';

/** Who has attested for a period; a reminder refreshes it (the rows' "last reminded"). */
export const submissionStatusKey = ['attestation-submission-status'] as const;

/**
 * One page of the submission status with each firm's summary; the period defaults to the one being
 * filed now (the server says which). `status` may list several: 'Submitted,Reviewed'.
 */
export const submissionStatusQuery = (params: PageParams) =>
  queryOptions({
    queryKey: [...submissionStatusKey, 'list', params],
    queryFn: () => api.get<SubmissionStatusPage>(`/api/attestation_submission_status/${queryString(params)}`),
    placeholderData: keepPreviousData,
  });

/** Mails one supervised person a reminder with a link to their attestation form. */
export const sendReminder = (body: z.input<typeof sendReminderBody>) =>
  api.post<RemindersSent>('/api/quarterly_attestations/send_email/', body);
/** Mails every supervised person of a firm who has not attested for the period. */
export const sendReminders = (body: z.input<typeof sendRemindersBody>) =>
  api.post<RemindersSent>('/api/quarterly_attestations/send_reminders/', body);
