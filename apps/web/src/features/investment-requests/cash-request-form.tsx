import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  CASH_REQUEST_TYPES,
  type CashRequest,
  cashRequestBody,
  isAdvisor,
  messages,
  personName,
  type User,
} from '@portal/domain';
import type { z } from 'zod';
import { MoneyInput } from '../../components/money-input';
import { type FormDraft, useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { ClientSelect } from './client-select';
import { RequestStatusLine } from './request-status-line';
import { useRequestSave } from './requests-api';

const m = messages.cashRequests;
const l = m.labels;

export type CashRequestValues = FormDraft<z.input<typeof cashRequestBody>>;

/** What the form edits: the fields an advisor sets, nothing the server keeps for itself. */
export function cashRequestValuesOf(r: CashRequest | null, advisor: User): CashRequestValues {
  return {
    ESWA_Portal_Owner_ID__c: r?.ESWA_Portal_Owner_ID__c ?? null,
    Cash_Request_Type__c: r?.Cash_Request_Type__c ?? null,
    Amount__c: r?.Amount__c ?? null,
    Financial_Account_Name__c: r?.Financial_Account_Name__c ?? null,
    Custodian_Account_Number__c: r?.Custodian_Account_Number__c ?? null,
    Custodian__c: r?.Custodian__c ?? null,
    Advisor__c: r ? r.Advisor__c : personName({ first_name: advisor.first_name, last_name: advisor.last_name }) || null,
    Relationship_Name__c: r?.Relationship_Name__c ?? null,
    Cash_Request_Notes__c: r?.Cash_Request_Notes__c ?? null,
  } as CashRequestValues;
}

export interface CashRequestFormProps {
  /** 'new' is the form page; 'view' and 'edit' are the list's modal on a stored request. */
  mode: 'new' | 'view' | 'edit';
  actor: User;
  request: CashRequest | null;
  onCancel: () => void;
  onSaved: () => void;
}

/** The cash request form: the new-request page and the list's View/Edit modal. */
export function CashRequestForm({ mode, actor, request, onCancel, onSaved }: CashRequestFormProps) {
  const readOnly = mode === 'view';
  const form = useSchemaForm(cashRequestBody, cashRequestValuesOf(request, actor), {
    invalidToast: m.requiredFieldsMissing,
  });

  const save = useRequestSave('cashRequest', request?.Id ?? null, form, m, onSaved);

  const text = (path: keyof typeof l) => ({ ...form.text(path), readOnly });

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
      <Stack gap="md">
        {request && mode !== 'new' && <RequestStatusLine record={request} />}
        {mode === 'new' && (
          <Alert color="blue" variant="light">
            {m.recurringNote}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {/* Only the advisor who filed it knows the client by name: the department sees the relationship. */}
          {(!readOnly || request?.Submitter_ID__c === actor.id) && (
            <ClientSelect
              bound={form.select('ESWA_Portal_Owner_ID__c')}
              readOnly={readOnly}
              storedLabel={null}
              lookup={isAdvisor(actor)}
            />
          )}
          <Select
            label={l.Cash_Request_Type__c}
            required={!readOnly}
            readOnly={readOnly}
            data={[...CASH_REQUEST_TYPES]}
            {...form.select('Cash_Request_Type__c')}
          />
          <MoneyInput label={l.Amount__c} required={!readOnly} readOnly={readOnly} {...form.decimal('Amount__c')} />
          <TextInput label={l.Financial_Account_Name__c} required={!readOnly} {...text('Financial_Account_Name__c')} />
          <TextInput
            label={l.Custodian_Account_Number__c}
            required={!readOnly}
            {...text('Custodian_Account_Number__c')}
          />
          <TextInput label={l.Custodian__c} required={!readOnly} {...text('Custodian__c')} />
          <TextInput label={l.Advisor__c} {...text('Advisor__c')} />
          <TextInput label={l.Relationship_Name__c} required={!readOnly} {...text('Relationship_Name__c')} />
        </SimpleGrid>
        <Textarea label={l.Cash_Request_Notes__c} rows={3} {...text('Cash_Request_Notes__c')} />

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {messages.lists.cancel}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {mode === 'new' ? messages.investmentRequestsScreen.submit : messages.investmentRequestsScreen.save}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
