import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AUDIT_EVENT_ORDERINGS,
  type AuditChainCheck,
  type AuditEventChange,
  type AuditEventRow,
  auditActorKind,
  canVerifyAuditTrail,
  isCalendarDate,
  messages,
  seesEveryFirmsAuditTrail,
} from '@portal/domain';
import { IconFilter, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { pageParamsOf, useListState } from '../../components/data-table/use-list-state';
import { DateTextInput } from '../../components/date-text-input';
import { ExportButton } from '../../components/export-button';
import { useCurrentUser } from '../../lib/current-user';
import { formatPortalDateTime } from '../../lib/dates';
import { firmOptionsQuery } from '../../lib/firms';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './audit-trail.module.css';
import { auditEventListQuery, auditExportPath, verifyAuditChain } from './audit-trail-api';

const m = messages.auditTrail;
const ALL = 'all';
const TEXT_FILTERS = ['entity', 'entity_id', 'action', 'actor'] as const;
type FilterName = (typeof TEXT_FILTERS)[number] | 'firm' | 'from' | 'to';
type Filters = Record<FilterName, string>;
const EMPTY: Filters = { entity: '', entity_id: '', action: '', actor: '', firm: ALL, from: '', to: '' };
/** The text filters' inputs, in the form's order; the lengths are the API's. */
const TEXT_INPUTS: {
  name: (typeof TEXT_FILTERS)[number];
  label: string;
  placeholder?: string;
  description?: string;
  max: number;
}[] = [
  { name: 'actor', label: m.actor, placeholder: m.actorPlaceholder, description: m.actorDescription, max: 100 },
  { name: 'action', label: m.action, placeholder: m.actionPlaceholder, max: 50 },
  { name: 'entity', label: m.entity, placeholder: m.entityPlaceholder, max: 100 },
  { name: 'entity_id', label: m.entityId, max: 100 },
];
/** The changes a row shows before 'Show all'. */
const SHOWN_CHANGES = 3;
const MAX_VALUE_LENGTH = 160;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A recorded value as text: strings as they are, nothing as '(empty)', the rest as compact JSON. */
function valueText(value: unknown): string {
  if (isEmpty(value)) return m.emptyValue;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

function Change({ change }: { change: AuditEventChange }) {
  return (
    <li>
      <Text span size="xs" fw={600}>
        {change.field}
      </Text>
      <Text span size="xs">
        {': '}
        {'from' in change && (
          <>
            <span className={isEmpty(change.from) ? undefined : classes.before}>{valueText(change.from)}</span>
            {' → '}
          </>
        )}
        <span className={classes.after}>{valueText(change.to)}</span>
      </Text>
    </li>
  );
}

/** An event's changed fields, each before → after: the first few, and all of them on request. */
function Changes({ row }: { row: AuditEventRow }) {
  const [all, setAll] = useState(false);
  if (row.changes.length === 0)
    return (
      <Text size="xs" c="gray.8">
        {m.noChanges}
      </Text>
    );
  const shown = all ? row.changes : row.changes.slice(0, SHOWN_CHANGES);
  return (
    <Stack gap={2} align="flex-start">
      <ul className={classes.changes} aria-label={`${m.changes}, ${m.event.toLowerCase()} ${row.id}`}>
        {shown.map((change) => (
          <Change key={change.field} change={change} />
        ))}
      </ul>
      {row.changes.length > SHOWN_CHANGES && (
        <Button variant="subtle" size="compact-xs" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? m.showFewerChanges : m.showAllChanges(row.changes.length)}
        </Button>
      )}
    </Stack>
  );
}

const actorOf = (r: AuditEventRow) => {
  const kind = auditActorKind(r);
  if (kind === 'anonymous') return m.anonymousActor;
  if (kind === 'system') return m.systemActor;
  return r.actor_name ?? r.actor_email ?? `#${r.actor_id}`;
};
/** The account an anonymous event is about (a reset asked, a sign-in failed), when it is not the actor. */
const subjectOf = (r: AuditEventRow) =>
  r.subject_id === null || r.subject_id === r.actor_id
    ? null
    : (r.subject_name ?? r.subject_email ?? `#${r.subject_id}`);
const eventOf = (r: AuditEventRow) => `${r.action} ${r.entity}${r.entity_id === null ? '' : ` #${r.entity_id}`}`;

const COLUMNS: DataTableColumn<AuditEventRow>[] = [
  {
    label: m.time,
    sortKey: 'occurred_at',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" className={classes.nowrap}>
          {formatPortalDateTime(r.occurred_at)}
        </Text>
        <Text size="xs" c="gray.8" className={classes.phoneOnly}>
          {actorOf(r)}
        </Text>
      </Stack>
    ),
  },
  {
    label: m.actor,
    visibleFrom: 'sm',
    render: (r) => {
      const subject = subjectOf(r);
      return (
        <Stack gap={0}>
          <Text size="sm">{actorOf(r)}</Text>
          {r.actor_name && r.actor_email && (
            <Text size="xs" c="gray.8" className={classes.anywhere}>
              {r.actor_email}
            </Text>
          )}
          {subject && (
            <Text size="xs" className={classes.anywhere}>
              {m.subjectOf(subject)}
            </Text>
          )}
        </Stack>
      );
    },
  },
  {
    label: m.event,
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {r.action}
        </Text>
        <Text size="xs" c="gray.8" className={classes.words}>
          {r.entity}
          {r.entity_id === null ? '' : ` #${r.entity_id}`}
        </Text>
      </Stack>
    ),
  },
  { label: m.firm, visibleFrom: 'md', render: (r) => r.firm_name ?? '' },
  {
    label: m.client,
    visibleFrom: 'md',
    render: (r) => (
      <Stack gap={0}>
        <Text size="xs" ff="monospace" className={classes.anywhere}>
          {r.ip ?? ''}
        </Text>
        {r.user_agent && (
          <Text size="xs" c="gray.8" className={classes.anywhere} title={r.user_agent}>
            {valueText(r.user_agent)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    label: m.requestId,
    visibleFrom: 'md',
    render: (r) => (
      <Text size="xs" ff="monospace" className={classes.anywhere}>
        {r.request_id ?? ''}
      </Text>
    ),
  },
  { label: m.changes, render: (r) => <Changes row={r} /> },
];

/** The filter form: typed at leisure, applied together (Enter or the button), kept in the address. */
function FilterForm({
  initial,
  everyFirm,
  onApply,
}: {
  initial: Filters;
  everyFirm: boolean;
  onApply: (filters: Filters) => void;
}) {
  const [values, setValues] = useState<Filters>(initial);
  const [tried, setTried] = useState(false);
  const firms = useQuery({ ...firmOptionsQuery, enabled: everyFirm });
  const set = (name: FilterName) => (value: string | null) => setValues((v) => ({ ...v, [name]: value ?? '' }));
  const dateError = (value: string) => (value && !isCalendarDate(value) ? m.badDate : undefined);
  const errors = {
    from: dateError(values.from),
    to: dateError(values.to) ?? (values.from && values.to && values.from > values.to ? m.fromAfterTo : undefined),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (errors.from || errors.to) return;
    onApply({ ...values, ...Object.fromEntries(TEXT_FILTERS.map((k) => [k, values[k].trim()])) });
  };
  const clear = () => {
    setValues(EMPTY);
    setTried(false);
    onApply(EMPTY);
  };
  return (
    <form onSubmit={submit} aria-label={m.filtersLabel} className={classes.filters}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {everyFirm && (
          <Select
            label={m.firm}
            searchable
            allowDeselect={false}
            data={[{ value: ALL, label: m.allFirms }, ...(firms.data ?? [])]}
            value={values.firm}
            onChange={set('firm')}
          />
        )}
        {TEXT_INPUTS.map((input) => (
          <TextInput
            key={input.name}
            label={input.label}
            placeholder={input.placeholder}
            description={input.description}
            value={values[input.name]}
            onChange={(e) => set(input.name)(e.currentTarget.value)}
            maxLength={input.max}
          />
        ))}
        <DateTextInput
          label={m.from}
          value={values.from || null}
          onChange={set('from')}
          error={tried ? errors.from : undefined}
        />
        <DateTextInput
          label={m.to}
          value={values.to || null}
          onChange={set('to')}
          error={tried ? errors.to : undefined}
        />
      </SimpleGrid>
      <Group gap="sm" mt="sm">
        <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
          {m.applyFilters}
        </Button>
        <Button variant="default" onClick={clear}>
          {m.clearFilters}
        </Button>
      </Group>
    </form>
  );
}

/** The chain's check, on request: it reads every event, so it is not run on each visit. */
function ChainCheck() {
  const check = useMutation({ mutationFn: verifyAuditChain });
  const result: AuditChainCheck | undefined = check.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4">
            {m.verifyTitle}
          </Title>
          <Button
            variant="default"
            leftSection={<IconShieldCheck size={16} aria-hidden />}
            loading={check.isPending}
            onClick={() => check.mutate()}
          >
            {m.verify}
          </Button>
        </Group>
        <div role="status" aria-live="polite">
          {check.isPending && (
            <Text size="sm" c="gray.8">
              {m.verifying}
            </Text>
          )}
          {result?.ok && (
            <Alert color="green" icon={<IconShieldCheck aria-hidden />}>
              {m.verifyOk(result.checked)}
            </Alert>
          )}
          {result && !result.ok && (
            <Alert color="red" icon={<IconShieldX aria-hidden />}>
              {m.verifyBad(result.first_bad_id ?? 0, result.checked)}
            </Alert>
          )}
        </div>
      </Stack>
    </Card>
  );
}

/**
 * The audit trail: every change made in the portal, newest first, filtered by actor,
 * action, entity, record, firm and days, each with its fields before → after (PII and secrets read
 * '[redacted]'), the CSV of what is filtered, and, for super administrators and CCOs, the check of the
 * hash chain. CCOs and administrators read their firm's events; super accounts every firm's.
 */
export function AuditTrailPage() {
  usePageTitle(m.title);
  const actor = useCurrentUser();
  const everyFirm = seesEveryFirmsAuditTrail(actor);
  const table = useListState<FilterName>({
    pageSize: 25,
    defaultOrdering: '-occurred_at',
    orderings: AUDIT_EVENT_ORDERINGS,
    filters: {
      entity: '',
      entity_id: '',
      action: '',
      actor: '',
      firm: { initial: ALL, allowed: (value: string) => value === ALL || /^[1-9]\d*$/.test(value) },
      from: { initial: '', allowed: isCalendarDate },
      to: { initial: '', allowed: isCalendarDate },
    },
  });
  const f = table.filters;
  const filters = {
    entity: f.entity,
    entity_id: f.entity_id,
    action: f.action,
    actor: f.actor,
    firm: everyFirm && f.firm !== ALL ? f.firm : undefined,
    from: f.from,
    to: f.to,
  };
  const list = useQuery(auditEventListQuery({ ...pageParamsOf(table), search: undefined, ...filters }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{m.title}</Title>
        <ExportButton path={auditExportPath(filters)} fallbackName="audit-trail.csv" progress={m.exportProgress}>
          {m.exportCsv}
        </ExportButton>
      </Group>
      <Text size="sm" c="gray.8">
        {m.intro}
      </Text>
      {canVerifyAuditTrail(actor) && <ChainCheck />}
      <FilterForm
        key={JSON.stringify(f)}
        initial={{ ...EMPTY, ...f }}
        everyFirm={everyFirm}
        onApply={(next) => table.setFilters(next)}
      />
      <DataTable
        label={m.tableLabel}
        state={table}
        query={list}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowLabel={eventOf}
        emptyText={m.empty}
        minWidth={960}
      />
    </Stack>
  );
}
