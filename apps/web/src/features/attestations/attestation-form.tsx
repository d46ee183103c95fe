import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  ATTESTATION_CERTIFICATIONS,
  ATTESTATION_SOCIAL_MEDIA,
  ATTESTATION_STATUSES,
  type Attestation,
  attestationBody,
  DE_MINIMIS_CENTS,
  MAX_ATTESTATION_LIST_ROWS,
  messages,
  overDeMinimis,
  type SupervisedPerson,
  US_STATES,
  attestationsScreenMessages as ui,
} from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DateTextInput } from '../../components/date-text-input';
import { MoneyInput } from '../../components/money-input';
import { StateSelect } from '../../components/state-select';
import { portalToday } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { type RowFieldPath, useSchemaForm } from '../../lib/schema-form/use-schema-form';
import classes from './attestation-form.module.css';
import {
  type AttestationValues,
  blankRow,
  type ContributionValues,
  joinStates,
  LISTS,
  type ListName,
  statesOf,
} from './attestation-values';
import {
  attestationsKey,
  type ChildListName,
  createAttestation,
  deleteChildRow,
  updateAttestation,
} from './attestations-api';
import { DeMinimisBadge } from './de-minimis-badge';

const m = messages.attestations;

/** The form's labels and its lists' titles and row names: one map, read by the History tab and the PDF too. */
const l = m.labels;
const lists = m.lists;

const QUESTIONS = Object.keys(m.questions) as (keyof typeof m.questions)[];
const STATEMENTS = Object.keys(m.statements) as (keyof typeof m.statements)[];

const SECTION_FLAG = {
  personalSecurities: 'has_to_submit_personal_securities',
  outsideBusinessActivities: 'has_to_submit_outside_business_activities',
  politicalContributions: 'has_to_submit_political_contributions',
} as const satisfies Record<ListName, keyof SupervisedPerson>;

/**
 * A new attestation is checked on the lists its roster entry asks for only: rows a pre-fill carried
 * into a hidden list are not sent, so they must not block the submit with errors nobody can see.
 */
function useAttestationSchema(hiddenLists: string) {
  return useMemo(() => {
    const hidden = (hiddenLists ? hiddenLists.split(',') : []) as ListName[];
    const mask: Partial<Record<ListName, true>> = Object.fromEntries(hidden.map((list) => [list, true]));
    const schema = attestationBody.omit(mask);
    // Same values, fewer checks: the form keeps the full attestation's shape.
    return schema as unknown as typeof attestationBody;
  }, [hiddenLists]);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface AttestationFormProps {
  /** 'new' is the form page; 'view' and 'edit' are the manager's modal on a stored attestation. */
  mode: 'new' | 'view' | 'edit';
  /** The stored attestation being viewed or edited. */
  attestation: Attestation | null;
  initialValues: AttestationValues;
  /**
   * The filer's name, shown locked: the signed-in person's account on a new attestation, the stored
   * snapshot on a saved one. The server sets it; the form never sends it.
   */
  person: { first: string | null; last: string | null };
  /** The person's roster entry: which lists they submit; null when not on the roster. */
  roster: SupervisedPerson | null;
  /**
   * The reviewer's fields (status and reviewed date): shown to CCOs on a stored attestation, editable by one
   * who may review it (never its own filer).
   */
  review: { show: boolean; editable: boolean; ownFiling?: boolean };
  /** Shown above the form's sections (the period, the pre-fill). */
  intro?: ReactNode;
  onCancel: () => void;
  onSaved: (saved: Attestation) => void;
}

/**
 * The quarterly attestation form, one component for the new-attestation page and
 * the manager's View/Edit modal. Values nest like the wire body, so a server message such as
 * `politicalContributions.0.Amount__c` lands on its input.
 */
export function AttestationForm({
  mode,
  attestation,
  initialValues,
  person,
  roster,
  review,
  intro,
  onCancel,
  onSaved,
}: AttestationFormProps) {
  const queryClient = useQueryClient();
  const hiddenOnNew = mode === 'new' ? LISTS.filter((list) => !roster?.[SECTION_FLAG[list]]) : [];
  const form = useSchemaForm(useAttestationSchema(hiddenOnNew.join()), initialValues);
  const readOnly = mode === 'view';
  const disabled = readOnly;

  const save = useMutation({
    mutationFn: (body: Parameters<typeof createAttestation>[0]) =>
      attestation ? updateAttestation({ id: attestation.Id, body }) : createAttestation(body),
    meta: form.errorMeta,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: attestationsKey });
      notifySuccess(attestation ? m.updated : m.submitted);
      onSaved(saved);
    },
    onError: (error) => form.setServerErrors(error),
  });

  // A saved row of a stored attestation is deleted on the server at once.
  // A saved row of a stored attestation is removed on the server at once: asked first, said after.
  const [removing, setRemoving] = useState<{ list: ChildListName; id: number; label: string } | null>(null);
  const removeSaved = useMutation({
    mutationFn: ({ list, id }: { list: ChildListName; id: number; label: string }) => deleteChildRow({ list, id }),
    onSuccess: (_answer, { list, id, label }) => {
      const rows = (form.getValues()[list] ?? []) as { Id?: number | null }[];
      const index = rows.findIndex((row) => row.Id === id);
      if (index >= 0) form.list(list).remove(index);
      setRemoving(null);
      notifySuccess(m.rowRemoved(label));
      void queryClient.invalidateQueries({ queryKey: attestationsKey });
    },
  });

  // A list shows when the roster says the person submits it; a stored one also when it holds rows.
  const shows = (list: ListName) =>
    Boolean(roster?.[SECTION_FLAG[list]]) || (mode !== 'new' && (form.values[list]?.length ?? 0) > 0);

  const removeRow = (list: ChildListName, index: number, label: string) => {
    const row = form.values[list]?.[index] as { Id?: number | null } | undefined;
    if (mode === 'edit' && row?.Id) setRemoving({ list, id: row.Id, label });
    else form.list(list).remove(index);
  };

  const text = (path: Parameters<typeof form.text>[0]) => ({ ...form.text(path), disabled });
  const checkbox = (path: Parameters<typeof form.checkbox>[0]) => ({ ...form.checkbox(path), disabled });
  const date = (path: Parameters<typeof form.select>[0]) => ({ ...form.select(path), disabled });
  // Mantine hands over '500.00' as text (a number would lose its cents): the wire takes either.
  const amount = (path: RowFieldPath) => ({ ...form.decimal(path), disabled });
  const states = (path: 'States_Registered__c' | 'States_Clients_Reside__c') => {
    const { value, onChange, ...bound } = form.select(path);
    return {
      ...bound,
      disabled,
      value: statesOf(value),
      onChange: (next: string[]) => onChange(joinStates(next)),
    };
  };

  // Locked like the form's other read-only fields; a server message (an account without a name) shows here.
  const accountName = (field: 'First_Name__c' | 'Last_Name__c', value: string | null) => ({
    value: value ?? '',
    readOnly: true,
    variant: 'filled' as const,
    description: mode === 'new' ? m.nameFromAccount : undefined,
    error: form.errors[field],
    'data-path': field,
  });

  // A Reviewed attestation has a reviewed date (today in the portal's time zone unless one is typed);
  // a Submitted one has none. The server refuses anything else.
  const status = form.select('Status__c');
  const chooseStatus = (next: string | null) => {
    status.onChange(next);
    if (next === 'Reviewed' && !form.values.Reviewed_Date__c) form.setFieldValue('Reviewed_Date__c', portalToday());
    if (next === 'Submitted') form.setFieldValue('Reviewed_Date__c', null);
  };

  const contributions = (form.values.politicalContributions ?? []) as ContributionValues[];
  const overLimit = overDeMinimis(
    contributions.map((c) => ({
      amount: c.Amount__c as number | string | null,
      candidate: c.Candidate_Name__c as string | null,
      electionDate: c.Election_Date__c as string | null,
      mayVote: c.May_Vote_For_Candidate__c as boolean | null,
    })),
  );

  const submit = form.onSubmit((values) => {
    // A list the person does not submit is not sent, even if a pre-fill carried rows of it.
    const body = { ...values };
    for (const list of LISTS) if (!shows(list)) body[list] = undefined;
    save.mutate(body);
  });

  const listSection = (
    list: ChildListName,
    { title, row: rowName, add: addLabel }: { title: string; row: string; add: string },
    note: string | null,
  ) => {
    const rows = form.list(list);
    return (
      <Fieldset legend={title}>
        <Stack gap="sm">
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
          {rows.rows.length === 0 && <Text size="sm">{m.noRows}</Text>}
          {rows.rows.map((row) => (
            <Fieldset key={row.key} legend={`${rowName} ${row.index + 1}`} variant="filled">
              <Stack gap="xs">
                {rowFields(list, row.path, row.index)}
                {!readOnly && (
                  <Group justify="flex-end">
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => removeRow(list, row.index, `${rowName} ${row.index + 1}`)}
                    >
                      {ui.remove}
                      <VisuallyHidden>
                        {' '}
                        {rowName.toLowerCase()} {row.index + 1}
                      </VisuallyHidden>
                    </Button>
                  </Group>
                )}
              </Stack>
            </Fieldset>
          ))}
          {!readOnly && (
            <Group>
              <Button
                variant="light"
                size="sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={rows.rows.length >= MAX_ATTESTATION_LIST_ROWS}
                onClick={() => rows.add(blankRow(list as 'personalSecurities'))}
              >
                {addLabel}
              </Button>
              {rows.rows.length >= MAX_ATTESTATION_LIST_ROWS && (
                <Text size="sm">{m.listTooLong(MAX_ATTESTATION_LIST_ROWS)}</Text>
              )}
            </Group>
          )}
        </Stack>
      </Fieldset>
    );
  };

  const rowFields = (list: ChildListName, path: (field: string) => RowFieldPath, index: number) => {
    if (list === 'personalSecurities')
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={lists.Personal_Securities__r.fields.Account_Owner__c}
            required
            {...text(path('Account_Owner__c'))}
          />
          <TextInput
            label={lists.Personal_Securities__r.fields.Custodian__c}
            required
            {...text(path('Custodian__c'))}
          />
          <TextInput
            label={lists.Personal_Securities__r.fields.Account_Number__c}
            required
            {...text(path('Account_Number__c'))}
          />
          <TextInput label={lists.Personal_Securities__r.fields.Account_Type__c} {...text(path('Account_Type__c'))} />
        </SimpleGrid>
      );
    if (list === 'outsideBusinessActivities')
      return (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={lists.Outside_Business_Activities__r.fields.Name} required {...text(path('Name'))} />
          <TextInput
            label={lists.Outside_Business_Activities__r.fields.Approved_By__c}
            required
            {...text(path('Approved_By__c'))}
          />
          <DateTextInput
            label={lists.Outside_Business_Activities__r.fields.Approved_Date__c}
            required
            {...date(path('Approved_Date__c'))}
          />
        </SimpleGrid>
      );
    const limit = contributions[index]?.May_Vote_For_Candidate__c
      ? DE_MINIMIS_CENTS.mayVote
      : DE_MINIMIS_CENTS.mayNotVote;
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MoneyInput
            label={lists.Political_Contributions__r.fields.Amount__c}
            required
            {...amount(path('Amount__c'))}
          />
          <TextInput
            label={lists.Political_Contributions__r.fields.Candidate_Name__c}
            required
            {...text(path('Candidate_Name__c'))}
          />
          <TextInput
            label={lists.Political_Contributions__r.fields.Political_Race__c}
            required
            {...text(path('Political_Race__c'))}
          />
          <DateTextInput
            label={lists.Political_Contributions__r.fields.Election_Date__c}
            required
            {...date(path('Election_Date__c'))}
          />
          <TextInput
            label={lists.Political_Contributions__r.fields.Approved_By__c}
            required
            {...text(path('Approved_By__c'))}
          />
          <DateTextInput
            label={lists.Political_Contributions__r.fields.Approved_Date__c}
            required
            {...date(path('Approved_Date__c'))}
          />
        </SimpleGrid>
        <Checkbox
          label={lists.Political_Contributions__r.fields.May_Vote_For_Candidate__c}
          {...checkbox(path('May_Vote_For_Candidate__c'))}
        />
        {overLimit[index] && (
          <Stack gap={4} align="flex-start">
            <DeMinimisBadge size="md" />
            <Text size="sm">{m.overDeMinimisHint(dollars(limit))}</Text>
          </Stack>
        )}
      </>
    );
  };

  return (
    <form noValidate onSubmit={submit} className={readOnly ? classes.viewOnly : undefined}>
      <Stack gap="md">
        {intro}

        <Fieldset legend={m.sections.personal}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={l.First_Name__c} required {...accountName('First_Name__c', person.first)} />
            <TextInput label={l.Middle_Name__c} autoComplete="additional-name" {...text('Middle_Name__c')} />
            <TextInput label={l.Last_Name__c} required {...accountName('Last_Name__c', person.last)} />
            <TextInput label={l.Job_Title__c} {...text('Job_Title__c')} />
            <DateTextInput label={l.Employment_Date__c} required {...date('Employment_Date__c')} />
            <TextInput label={l.CRD_Number__c} {...text('CRD_Number__c')} />
            <TextInput label={l.Work_Phone__c} type="tel" {...text('Work_Phone__c')} />
            <TextInput label={l.Home_Phone__c} type="tel" {...text('Home_Phone__c')} />
            <TextInput label={l.Mobile_Phone__c} type="tel" {...text('Mobile_Phone__c')} />
            <TextInput label={l.Work_Email__c} type="email" {...text('Work_Email__c')} />
            <TextInput label={l.Personal_Email__c} type="email" {...text('Personal_Email__c')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
            <TextInput label={l.Address_Line_1__c} {...text('Address_Line_1__c')} />
            <TextInput label={l.Address_Line_2__c} {...text('Address_Line_2__c')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
            <TextInput label={l.City__c} {...text('City__c')} />
            <StateSelect label={l.State__c} {...form.select('State__c')} disabled={disabled} />
            <TextInput label={l.Zip_Code__c} {...text('Zip_Code__c')} />
            <TextInput label={l.Insurance_License__c} {...text('Insurance_License__c')} />
            <TextInput label={l.Broker_Dealer__c} {...text('Broker_Dealer__c')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
            <MultiSelect
              label={l.States_Registered__c}
              data={[...US_STATES]}
              searchable
              hidePickedOptions
              nothingFoundMessage={messages.states.noMatch}
              {...states('States_Registered__c')}
            />
            <MultiSelect
              label={l.States_Clients_Reside__c}
              data={[...US_STATES]}
              searchable
              hidePickedOptions
              nothingFoundMessage={messages.states.noMatch}
              {...states('States_Clients_Reside__c')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={m.sections.certifications}>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 5 }} spacing="xs">
            {ATTESTATION_CERTIFICATIONS.map((field) => (
              <Checkbox key={field} label={l[field]} {...checkbox(field)} />
            ))}
          </SimpleGrid>
          <Textarea label={l.Other_Qualifications__c} rows={2} mt="sm" {...text('Other_Qualifications__c')} />
        </Fieldset>

        <Fieldset legend={m.sections.socialMedia}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {ATTESTATION_SOCIAL_MEDIA.map((field) => (
              <Checkbox key={field} label={l[field]} {...checkbox(field)} />
            ))}
          </SimpleGrid>
          <TextInput label={l.Other_Social_Media__c} mt="sm" {...text('Other_Social_Media__c')} />
        </Fieldset>

        <Fieldset legend={m.sections.declarations}>
          <Stack gap="md">
            {QUESTIONS.map((field) => {
              const { value, onChange, ...bound } = form.select(field);
              return (
                <Radio.Group
                  key={field}
                  label={m.questions[field]}
                  value={value}
                  onChange={onChange}
                  error={bound.error}
                  data-path={bound['data-path']}
                >
                  <Group gap="lg" mt={4}>
                    <Radio value="true" label={ui.yes} disabled={disabled} />
                    <Radio value="false" label={ui.no} disabled={disabled} />
                  </Group>
                </Radio.Group>
              );
            })}
            {STATEMENTS.map((field) => (
              <Checkbox key={field} label={m.statements[field]} {...checkbox(field)} />
            ))}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateTextInput label={l.IA_Manual_Attestation_Date__c} {...date('IA_Manual_Attestation_Date__c')} />
              <DateTextInput
                label={l.Code_of_Ethics_Attestation_Date__c}
                {...date('Code_of_Ethics_Attestation_Date__c')}
              />
            </SimpleGrid>
            <Textarea
              label={l.BusinessFinancialOrPersonalRelationships__c}
              rows={2}
              {...text('BusinessFinancialOrPersonalRelationships__c')}
            />
            <Textarea label={l.ServesAs__c} rows={2} {...text('ServesAs__c')} />
          </Stack>
        </Fieldset>

        {shows('personalSecurities') &&
          listSection('personalSecurities', lists.Personal_Securities__r, m.personalSecuritiesNote)}
        {shows('outsideBusinessActivities') &&
          listSection('outsideBusinessActivities', lists.Outside_Business_Activities__r, null)}
        {shows('politicalContributions') &&
          listSection('politicalContributions', lists.Political_Contributions__r, m.politicalContributionsNote)}

        {review.show && attestation && (
          <Fieldset legend={m.sections.review}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Select
                label={l.Status__c}
                data={[...ATTESTATION_STATUSES]}
                allowDeselect={false}
                {...status}
                onChange={chooseStatus}
                disabled={disabled || !review.editable}
              />
              <DateTextInput
                label={l.Reviewed_Date__c}
                {...date('Reviewed_Date__c')}
                disabled={disabled || !review.editable}
              />
              <TextInput label={l.Reviewed_By__c} value={attestation.Reviewed_By__c ?? ''} readOnly disabled />
            </SimpleGrid>
            {review.ownFiling && (
              <Text size="sm" mt="xs">
                {m.notYourReview}
              </Text>
            )}
          </Fieldset>
        )}

        {readOnly && attestation?.Status__c === 'Reviewed' && !review.show && (
          <Alert color="blue" variant="light">
            {m.reviewedReadOnly}
          </Alert>
        )}

        <ConfirmModal
          opened={removing !== null}
          title={m.removeRowTitle(removing?.label.toLowerCase() ?? '')}
          question={m.removeRowQuestion(removing?.label.toLowerCase() ?? '')}
          confirmLabel={ui.remove}
          dismissLabel={ui.keep}
          color="red"
          loading={removeSaved.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() => removing && removeSaved.mutate(removing)}
        />

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {ui.cancel}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {mode === 'new' ? ui.submit : ui.save}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
