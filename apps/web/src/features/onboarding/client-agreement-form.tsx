import { Alert, Button, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { CLIENT_TYPES, type ClientAgreement, clientAgreementBody, FORM_TYPES, messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatDate } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { AgreementColumn } from './agreement-column';
import {
  agreementValuesOf,
  changed,
  clientAddressToJoint,
  holdsMasked,
  homeToMailing,
  withRevealed,
} from './client-agreement-values';
import { onboardingKey, revealAgreement, saveAgreement } from './onboarding-api';

const m = messages.clientAgreements;
const l = messages.onboarding.clientAgreement;

export interface ClientAgreementFormProps {
  clientId: number;
  agreement: ClientAgreement | null;
  /** A firm administrator reads; the client and their advisor write. */
  readOnly: boolean;
  /** The Client Type dropdown (Standard / Custodial) is the advisor's. */
  showClientType: boolean;
  onCancel: () => void;
  /** After a save (awaited while the Save button spins): `first` when it was the agreement's first submit (a POST). */
  onSaved: (saved: ClientAgreement, first: boolean) => void | Promise<void>;
}

/**
 * The Client Agreement Profile form: the form type, then the Client column and, for joint clients, the Joint Client one (the
 * Minor and the Custodian of a custodial account). Its messages show after a submit attempt.
 */
export function ClientAgreementForm(props: ClientAgreementFormProps) {
  const { clientId, agreement, readOnly, showClientType, onCancel, onSaved } = props;
  const queryClient = useQueryClient();
  const form = useSchemaForm(clientAgreementBody, agreementValuesOf(agreement, clientId), {
    invalidToast: m.requiredFields,
  });
  const [sameHome, setSameHome] = useState({ client: false, joint: false });
  const [sameAsClient, setSameAsClient] = useState(false);

  const values = form.values;
  const formType = values.Form_Type__c as string | null;
  const joint = formType === 'Joint Clients';
  const custodial = values.Client_Type__c === 'Custodial';

  // The copy boxes keep their fields in step with what they copy for as long as they are ticked.
  useEffect(() => {
    let patch = {};
    if (sameHome.client) patch = { ...patch, ...homeToMailing(values, 'client') };
    const next = { ...values, ...patch } as typeof values;
    if (joint && sameAsClient) patch = { ...patch, ...clientAddressToJoint(next) };
    else if (joint && sameHome.joint) patch = { ...patch, ...homeToMailing(next, 'joint') };
    const diff = changed(values, patch);
    if (Object.keys(diff).length > 0) form.setValues(diff as Partial<typeof values>);
  }, [values, sameHome, sameAsClient, joint, form]);

  const save = useMutation({
    mutationFn: (body: object) => saveAgreement(agreement?.Id ?? null, body),
    meta: form.errorMeta,
    onSuccess: async (saved) => {
      notifySuccess(agreement ? m.updated : m.submitted);
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
      await onSaved(saved, !agreement);
    },
    onError: form.setServerErrors,
  });

  const reveal = useMutation({
    mutationFn: () => revealAgreement(agreement?.Id as number),
    onSuccess: (revealed) => form.setValues(withRevealed(form.getValues(), revealed) as Partial<typeof values>),
  });

  const formTypeBound = form.select('Form_Type__c');
  const clientTypeBound = form.select('Client_Type__c');
  const columnNames = custodial
    ? { client: m.columns.minor, joint: m.columns.custodian }
    : { client: m.columns.client, joint: m.columns.jointClient };

  const homeBox = (column: 'client' | 'joint') => (
    <Checkbox
      label={m.homeSameAsMailing}
      aria-label={`${m.homeSameAsMailing}, ${columnNames[column]}`}
      checked={sameHome[column]}
      disabled={readOnly || (column === 'joint' && sameAsClient)}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setSameHome((s) => ({ ...s, [column]: checked }));
      }}
    />
  );

  return (
    <form noValidate onSubmit={form.onSubmit((body) => save.mutate(body))}>
      <Stack gap="md">
        {agreement?.Client_Agreement_Date__c && (
          <Text size="sm" c="dimmed">
            {l.agreementDate(formatDate(agreement.Client_Agreement_Date__c))}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Radio.Group
            label={l.formType}
            required={!readOnly}
            value={formTypeBound.value}
            onChange={formTypeBound.onChange}
            error={formTypeBound.error}
            data-path={formTypeBound['data-path']}
          >
            <Group gap="lg" mt={4}>
              {FORM_TYPES.map((type) => (
                <Radio key={type} value={type} label={type} disabled={readOnly} />
              ))}
            </Group>
          </Radio.Group>
          {showClientType && (
            <Select
              label={l.clientType}
              data={[...CLIENT_TYPES]}
              allowDeselect={false}
              readOnly={readOnly}
              {...clientTypeBound}
              onChange={(value) => {
                clientTypeBound.onChange(value);
                // The custodian needs the second column: a custodial account is always joint.
                if (value === 'Custodial') form.setFieldValue('Form_Type__c', 'Joint Clients');
              }}
            />
          )}
        </SimpleGrid>

        {!formType && <Text>{l.chooseType}</Text>}

        {formType && (
          <>
            {agreement?.Id && holdsMasked(values) && (
              <Alert variant="light" color="gray">
                <Group justify="space-between" gap="sm">
                  <Text size="sm">{l.piiHidden}</Text>
                  <Button variant="default" size="xs" loading={reveal.isPending} onClick={() => reveal.mutate()}>
                    {l.showPii}
                  </Button>
                </Group>
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, lg: joint ? 2 : 1 }} spacing="md">
              <AgreementColumn
                form={form}
                column="client"
                legend={columnNames.client}
                readOnly={readOnly}
                mailingMirrored={sameHome.client}
                addressMirrored={false}
                addressOptions={homeBox('client')}
              />
              {joint && (
                <AgreementColumn
                  form={form}
                  column="joint"
                  legend={columnNames.joint}
                  readOnly={readOnly}
                  mailingMirrored={sameHome.joint}
                  addressMirrored={sameAsClient}
                  addressOptions={
                    <Stack gap="xs">
                      <Checkbox
                        label={m.sameAsClientAddress}
                        checked={sameAsClient}
                        disabled={readOnly}
                        onChange={(event) => setSameAsClient(event.currentTarget.checked)}
                      />
                      {homeBox('joint')}
                    </Stack>
                  }
                />
              )}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {messages.lists.cancel}
              </Button>
              {!readOnly && (
                <Button type="submit" loading={save.isPending}>
                  {l.save}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}
