import type { SubmissionStatusRow } from '@portal/domain';

/** A person's row of a submission status answer: Pat {last} of Dover Wealth (firm 10), user 100 + id. */
export const statusRow = (
  id: number,
  last: string,
  status: SubmissionStatusRow['status'],
  more: Partial<SubmissionStatusRow> = {},
): SubmissionStatusRow => ({
  supervised_person_id: id,
  user_id: 100 + id,
  first_name: 'Pat',
  last_name: last,
  email: `${last.toLowerCase()}@example.test`,
  status,
  firm_id: 10,
  firm_name: 'Dover Wealth',
  attestation_id: null,
  submitted_date: null,
  attested_at: null,
  last_reminded_at: null,
  ...more,
});
