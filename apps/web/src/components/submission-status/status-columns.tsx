import type { SubmissionStatusRow } from '@portal/domain';
import { commonScreenMessages as ui } from '@portal/domain';
import type { DataTableColumn } from '../../components/data-table/data-table';
import { formatDateTime } from '../../lib/dates';
import { personOf } from './reminders';

/** What an empty date cell shows: never submitted, never reminded. */
export const NEVER = '—';

/** Who a submission status row is about: the first columns of the status screen and the manager's modal. */
export const PERSON_COLUMNS: DataTableColumn<SubmissionStatusRow>[] = [
  // Sorted by the Last Name column; two headers showing one ordering would read as two sorts.
  { label: ui.supervisedPerson, render: personOf },
  // Supervised Person says both names: a narrow screen can do without the two name columns.
  { label: ui.firstName, sortKey: 'first_name', visibleFrom: 'md', render: (r) => r.first_name },
  { label: ui.lastName, sortKey: 'last_name', visibleFrom: 'md', render: (r) => r.last_name },
  { label: ui.email, sortKey: 'email', visibleFrom: 'sm', render: (r) => r.email },
];

export const LAST_REMINDED_COLUMN: DataTableColumn<SubmissionStatusRow> = {
  label: ui.lastReminded,
  nowrap: true,
  visibleFrom: 'md',
  render: (r) => formatDateTime(r.last_reminded_at) || NEVER,
};
