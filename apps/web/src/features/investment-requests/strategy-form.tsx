import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CASH_MANAGEMENT_FREQUENCIES,
  type InvestmentStrategy,
  investmentStrategyBody,
  isAdvisor,
  messages,
  personName,
  TRADING_AUTHORITIES,
  type User,
  type UserListItem,
} from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { MoneyInput } from '../../components/money-input';
import { StateSelect } from '../../components/state-select';
import { requestCatalogueOptionsQuery } from '../../lib/investment-catalogues';
import { type FormDraft, useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { ClientSelect, clientNameOf } from './client-select';
import { RequestStatusLine } from './request-status-line';
import { clientQuery, useRequestSave } from './requests-api';

const m = messages.investmentStrategies;
const l = m.labels;
const tradingAuthorities = TRADING_AUTHORITIES.map((value) => ({
  value,
  label: messages.investmentRequests.tradingAuthority[value],
}));

export type StrategyValues = FormDraft<z.input<typeof investmentStrategyBody>>;

/** What the form edits: the fields an advisor sets, nothing the server keeps for itself. */
export function strategyValuesOf(s: InvestmentStrategy | null, advisor: User): StrategyValues {
  return {
    ESWA_Portal_Owner_ID__c: s?.ESWA_Portal_Owner_ID__c ?? null,
    Financial_Account_Name__c: s?.Financial_Account_Name__c ?? null,
    Custodian_Account_Number__c: s?.Custodian_Account_Number__c ?? null,
    Account_Master_Code__c: s?.Account_Master_Code__c ?? null,
    Custodian__c: s?.Custodian__c ?? null,
    // The custodian knows the account by its advisor: a new strategy offers the signed-in one.
    Advisor__c: s ? s.Advisor__c : personName({ first_name: advisor.first_name, last_name: advisor.last_name }) || null,
    Relationship_Name__c: s?.Relationship_Name__c ?? null,
    Fee_Schedule__c: s?.Fee_Schedule__c ?? null,
    Fee_Minimum__c: s?.Fee_Minimum__c ?? null,
    Client_Name__c: s?.Client_Name__c ?? null,
    Client_Street__c: s?.Client_Street__c ?? null,
    Client_City__c: s?.Client_City__c ?? null,
    Client_State__c: s?.Client_State__c ?? null,
    Client_Zip_Code__c: s?.Client_Zip_Code__c ?? null,
    Client_Email__c: s?.Client_Email__c ?? null,
    Joint_Client_Name__c: s?.Joint_Client_Name__c ?? null,
    Joint_Client_Street__c: s?.Joint_Client_Street__c ?? null,
    Joint_Client_City__c: s?.Joint_Client_City__c ?? null,
    Joint_Client_State__c: s?.Joint_Client_State__c ?? null,
    Joint_Client_Zip_Code__c: s?.Joint_Client_Zip_Code__c ?? null,
    Joint_Client_Email__c: s?.Joint_Client_Email__c ?? null,
    Has_Received_Form_ADV_And_Privacy_Policy__c: s?.Has_Received_Form_ADV_And_Privacy_Policy__c ?? false,
    Has_Signed_New_Or_Updated_IPS__c: s?.Has_Signed_New_Or_Updated_IPS__c ?? false,
    Investment_Model__c: s?.Investment_Model__c ?? null,
    Trading_Authority__c: s?.Trading_Authority__c ?? null,
    Cash_Target_Percentage__c: s?.Cash_Target_Percentage__c ?? null,
    Cash_Target_Dollars__c: s?.Cash_Target_Dollars__c ?? null,
    Is_Cash_Distributions__c: s?.Is_Cash_Distributions__c ?? false,
    Amount__c: s?.Amount__c ?? null,
    Cash_Management_Frequency__c: s?.Cash_Management_Frequency__c ?? null,
    Cash_Management_Notes__c: s?.Cash_Management_Notes__c ?? null,
  } as StrategyValues;
}

/** A stored choice no longer offered (a model unassigned since) still shows under its filed name. */
const withStored = (options: { value: string; label: string }[], id: number | null, name: string | null) =>
  id !== null && !options.some((o) => o.value === String(id))
    ? [{ value: String(id), label: name ?? String(id) }, ...options]
    : options;

export interface StrategyFormProps {
  /** 'new' is the form page; 'view' and 'edit' are the list's modal on a stored strategy. */
  mode: 'new' | 'view' | 'edit';
  actor: User;
  strategy: InvestmentStrategy | null;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * The investment strategy form, one component for the new-strategy page and the
 * list's View/Edit modal. The inputs are named by their wire names, so a server's field message lands
 * on its input.
 */
export function StrategyForm({ mode, actor, strategy, onCancel, onSaved }: StrategyFormProps) {
  const queryClient = useQueryClient();
  const readOnly = mode === 'view';
  const form = useSchemaForm(investmentStrategyBody, strategyValuesOf(strategy, actor), {
    invalidToast: m.requiredFieldsMissing,
  });
  // The advisor picks among their own and their firm's entries; a viewer sees the names filed.
  const firmId = strategy?.Firm_Tk__c ?? actor.profile._firm;
  const models = useQuery({
    ...requestCatalogueOptionsQuery('investment_models', firmId, actor.id),
    enabled: !readOnly && firmId !== null,
  });
  const feeSchedules = useQuery({
    ...requestCatalogueOptionsQuery('fee_schedules', firmId, actor.id),
    enabled: !readOnly && firmId !== null,
  });

  const save = useRequestSave('strategy', strategy?.Id ?? null, form, m, onSaved);

  const text = (path: keyof typeof l) => ({ ...form.text(path), readOnly });
  const decimal = (path: 'Fee_Minimum__c' | 'Cash_Target_Percentage__c' | 'Cash_Target_Dollars__c' | 'Amount__c') => ({
    ...form.decimal(path),
    readOnly,
  });
  const select = (path: keyof typeof l) => ({ ...form.select(path), readOnly });
  const checkbox = (path: keyof typeof l) => ({ ...form.checkbox(path), disabled: readOnly });

  // Picking a client fills their name and email from the list, then their address from their record.
  const pickClient = (client: UserListItem) => {
    form.setFieldValue('Client_Name__c', clientNameOf(client));
    form.setFieldValue('Client_Email__c', client.email);
    void queryClient
      .fetchQuery(clientQuery(client.id))
      .then((user) => {
        const p = user.profile;
        const street = [p.address_line_1, p.address_line_2].filter(Boolean).join(', ');
        form.setFieldValue('Client_Street__c', street || null);
        form.setFieldValue('Client_City__c', p.city || null);
        form.setFieldValue('Client_State__c', p.state || null);
        form.setFieldValue('Client_Zip_Code__c', p.zip || null);
      })
      // The address stays as typed: the query client has said why it could not be read.
      .catch(() => undefined);
  };

  const distributions = Boolean(form.values.Is_Cash_Distributions__c);
  const switchDistributions = form.checkbox('Is_Cash_Distributions__c');

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
      <Stack gap="md">
        {strategy && mode !== 'new' && <RequestStatusLine record={strategy} />}

        <Fieldset legend={m.sections.portfolio}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <ClientSelect
              bound={form.select('ESWA_Portal_Owner_ID__c')}
              readOnly={readOnly}
              storedLabel={strategy?.Client_Name__c ?? null}
              lookup={isAdvisor(actor)}
              onPick={pickClient}
            />
            <TextInput
              label={l.Financial_Account_Name__c}
              required={!readOnly}
              {...text('Financial_Account_Name__c')}
            />
            <TextInput
              label={l.Custodian_Account_Number__c}
              required={!readOnly}
              {...text('Custodian_Account_Number__c')}
            />
            <TextInput label={l.Account_Master_Code__c} required={!readOnly} {...text('Account_Master_Code__c')} />
            <TextInput label={l.Custodian__c} required={!readOnly} {...text('Custodian__c')} />
            <TextInput label={l.Advisor__c} required={!readOnly} {...text('Advisor__c')} />
            <TextInput label={l.Relationship_Name__c} required={!readOnly} {...text('Relationship_Name__c')} />
            <Select
              label={l.Fee_Schedule__c}
              required={!readOnly}
              searchable
              data={withStored(
                feeSchedules.data ?? [],
                strategy?.Fee_Schedule__c ?? null,
                strategy?.Fee_Schedule_Name__c ?? null,
              )}
              nothingFoundMessage={m.noFeeSchedulesOffered}
              {...select('Fee_Schedule__c')}
            />
            <MoneyInput label={l.Fee_Minimum__c} required={!readOnly} {...decimal('Fee_Minimum__c')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="sm">
            <TextInput label={l.Client_Name__c} required={!readOnly} {...text('Client_Name__c')} />
            <TextInput label={l.Client_Street__c} required={!readOnly} {...text('Client_Street__c')} />
            <TextInput label={l.Client_City__c} required={!readOnly} {...text('Client_City__c')} />
            <StateSelect label={l.Client_State__c} required={!readOnly} {...select('Client_State__c')} />
            <TextInput label={l.Client_Zip_Code__c} required={!readOnly} {...text('Client_Zip_Code__c')} />
            <TextInput label={l.Client_Email__c} required={!readOnly} type="email" {...text('Client_Email__c')} />
            <TextInput label={l.Joint_Client_Name__c} {...text('Joint_Client_Name__c')} />
            <TextInput label={l.Joint_Client_Street__c} {...text('Joint_Client_Street__c')} />
            <TextInput label={l.Joint_Client_City__c} {...text('Joint_Client_City__c')} />
            <StateSelect label={l.Joint_Client_State__c} {...select('Joint_Client_State__c')} />
            <TextInput label={l.Joint_Client_Zip_Code__c} {...text('Joint_Client_Zip_Code__c')} />
            <TextInput label={l.Joint_Client_Email__c} type="email" {...text('Joint_Client_Email__c')} />
          </SimpleGrid>
          <Stack gap="xs" mt="md">
            <Checkbox
              label={l.Has_Received_Form_ADV_And_Privacy_Policy__c}
              {...checkbox('Has_Received_Form_ADV_And_Privacy_Policy__c')}
            />
            <Checkbox label={l.Has_Signed_New_Or_Updated_IPS__c} {...checkbox('Has_Signed_New_Or_Updated_IPS__c')} />
          </Stack>
        </Fieldset>

        <Fieldset legend={m.sections.model}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={l.Investment_Model__c}
              required={!readOnly}
              searchable
              data={withStored(
                models.data ?? [],
                strategy?.Investment_Model__c ?? null,
                strategy?.Investment_Model_Name__c ?? null,
              )}
              nothingFoundMessage={m.noModelsOffered}
              {...select('Investment_Model__c')}
            />
            <Select
              label={l.Trading_Authority__c}
              required={!readOnly}
              data={tradingAuthorities}
              {...select('Trading_Authority__c')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={m.sections.cash}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={l.Cash_Target_Percentage__c}
              suffix="%"
              decimalScale={2}
              allowNegative={false}
              max={100}
              hideControls
              inputMode="decimal"
              {...decimal('Cash_Target_Percentage__c')}
            />
            <MoneyInput label={l.Cash_Target_Dollars__c} {...decimal('Cash_Target_Dollars__c')} />
          </SimpleGrid>
          <Switch
            mt="md"
            label={l.Is_Cash_Distributions__c}
            {...switchDistributions}
            disabled={readOnly}
            onChange={(event) => {
              switchDistributions.onChange(event);
              // An amount the form no longer shows is not kept (nor sent).
              if (!event.currentTarget.checked) form.setFieldValue('Amount__c', null);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
            {distributions && <MoneyInput label={l.Amount__c} required={!readOnly} {...decimal('Amount__c')} />}
            <Select
              label={l.Cash_Management_Frequency__c}
              clearable={!readOnly}
              data={[...CASH_MANAGEMENT_FREQUENCIES]}
              {...select('Cash_Management_Frequency__c')}
            />
          </SimpleGrid>
          <Textarea label={l.Cash_Management_Notes__c} mt="sm" rows={3} {...text('Cash_Management_Notes__c')} />
        </Fieldset>

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
