import { Checkbox, Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type clientAgreementBody, EMPLOYMENT_STATUSES, looksMasked, MAIL_PREFERENCES, messages } from '@portal/domain';
import type { FocusEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { DateTextInput } from '../../components/date-text-input';
import { StateSelect } from '../../components/state-select';
import type { SchemaForm } from '../../lib/schema-form/use-schema-form';
import { type AgreementValues, type Column, type ColumnField, wireOf } from './client-agreement-values';

const l = messages.onboarding.clientAgreement;
const f = l.fields;

export type AgreementForm = SchemaForm<AgreementValues, z.output<typeof clientAgreementBody>>;

interface AgreementColumnProps {
  form: AgreementForm;
  column: Column;
  legend: string;
  readOnly: boolean;
  /** The column's mailing address follows its home address ('Home address same as mailing address'). */
  mailingMirrored: boolean;
  /** The joint column's addresses follow the client's ('Address same as client address'). */
  addressMirrored: boolean;
  /** The copy checkboxes, drawn where they act: above the home address. */
  addressOptions: ReactNode;
}

/** A masked value is selected on focus, so what is typed replaces it whole (a half-edited mask is refused). */
const selectMasked = (onFocus: (event?: FocusEvent) => void) => (event: FocusEvent<HTMLInputElement>) => {
  if (looksMasked(event.currentTarget.value)) event.currentTarget.select();
  onFocus(event);
};

/**
 * One column of the client agreement: the client's, or the joint client's (the
 * Custodian's), every field on its wire name so a server message lands on its input.
 */
export function AgreementColumn(props: AgreementColumnProps) {
  const { form, column, legend, readOnly, mailingMirrored, addressMirrored, addressOptions } = props;
  const w = (field: ColumnField) => wireOf(column, field);
  const text = (field: ColumnField, frozen = false) => ({ ...form.text(w(field)), readOnly: readOnly || frozen });
  const select = (field: ColumnField, frozen = false) => ({ ...form.select(w(field)), readOnly: readOnly || frozen });
  const checkbox = (field: ColumnField) => ({ ...form.checkbox(w(field)), disabled: readOnly });
  const date = (field: ColumnField) => {
    const bound = form.select(w(field));
    return { ...bound, onFocus: selectMasked(bound.onFocus), readOnly };
  };
  const pii = (field: ColumnField) => {
    const bound = form.text(w(field));
    return { ...bound, onFocus: selectMasked(bound.onFocus), readOnly, autoComplete: 'off' };
  };
  // Each column repeats its labels, and each address its Street, City, State and Zip code: a screen
  // reader's list of controls tells them apart by the name, which starts with the visible label.
  const named = (label: string, section?: string) => ({
    label,
    'aria-label': [label, section, legend].filter(Boolean).join(', '),
  });
  const required = !readOnly;
  const mailingFrozen = mailingMirrored || addressMirrored;
  const seniorOfficer = Boolean((form.values as Record<string, unknown>)[w('seniorOfficer')]);
  const seniorBox = checkbox('seniorOfficer');

  return (
    <Fieldset legend={legend}>
      <Stack gap="md">
        <Fieldset legend={l.sections.name} variant="unstyled">
          <TextInput {...named(f.name)} required={required} autoComplete="off" {...text('name')} />
        </Fieldset>

        <Fieldset legend={l.sections.company} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...named(f.companyOrTrust)} {...text('companyOrTrust')} />
            <TextInput {...named(f.trusteeOrCorporateOfficer)} {...text('trusteeOrCorporateOfficer')} />
            <TextInput {...named(f.companyOrTrustTaxId)} {...pii('companyOrTrustTaxId')} />
          </SimpleGrid>
        </Fieldset>

        {addressOptions}

        <Fieldset legend={l.sections.home} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...named(f.street, l.sections.home)}
              required={required}
              {...text('homeStreet', addressMirrored)}
            />
            <TextInput {...named(f.city, l.sections.home)} required={required} {...text('homeCity', addressMirrored)} />
            <StateSelect
              {...named(f.state, l.sections.home)}
              required={required}
              {...select('homeState', addressMirrored)}
            />
            <TextInput
              {...named(f.zip, l.sections.home)}
              required={required}
              inputMode="numeric"
              {...text('homeZip', addressMirrored)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={l.sections.mailing} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...named(f.street, l.sections.mailing)}
              required={required}
              {...text('mailingStreet', mailingFrozen)}
            />
            <TextInput
              {...named(f.city, l.sections.mailing)}
              required={required}
              {...text('mailingCity', mailingFrozen)}
            />
            <StateSelect
              {...named(f.state, l.sections.mailing)}
              required={required}
              {...select('mailingState', mailingFrozen)}
            />
            <TextInput
              {...named(f.zip, l.sections.mailing)}
              required={required}
              inputMode="numeric"
              {...text('mailingZip', mailingFrozen)}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={l.sections.work} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...named(f.street, l.sections.work)} {...text('workStreet')} />
            <TextInput {...named(f.city, l.sections.work)} {...text('workCity')} />
            <StateSelect {...named(f.state, l.sections.work)} {...select('workState')} />
            <TextInput {...named(f.zip, l.sections.work)} inputMode="numeric" {...text('workZip')} />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={l.sections.contact} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput {...named(f.cellPhone)} required={required} type="tel" {...text('cellPhone')} />
            <TextInput {...named(f.businessPhone)} required={required} type="tel" {...text('businessPhone')} />
            <TextInput {...named(f.homePhone)} required={required} type="tel" {...text('homePhone')} />
            <TextInput {...named(f.email)} required={required} type="email" {...text('email')} />
            <Select
              {...named(f.mailPreference)}
              required={required}
              data={[...MAIL_PREFERENCES]}
              openOnFocus={false}
              {...select('mailPreference')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={l.sections.employment} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              {...named(f.employmentStatus)}
              required={required}
              data={[...EMPLOYMENT_STATUSES]}
              openOnFocus={false}
              {...select('employmentStatus')}
            />
            <TextInput {...named(f.employer)} {...text('employer')} />
            <TextInput {...named(f.occupation)} {...text('occupation')} />
          </SimpleGrid>
          <Stack gap="xs" mt="sm">
            <Checkbox {...named(f.employedByBrokerDealer)} {...checkbox('employedByBrokerDealer')} />
            <Checkbox
              {...named(f.seniorOfficer)}
              {...seniorBox}
              onChange={(event) => {
                seniorBox.onChange(event);
                // A company the form no longer shows is not kept (the server clears it too).
                if (!event.currentTarget.checked) form.setFieldValue(w('publicCompany'), null);
              }}
            />
            {seniorOfficer && <TextInput {...named(f.publicCompany)} {...text('publicCompany')} />}
          </Stack>
        </Fieldset>

        <Fieldset legend={l.sections.identity} variant="unstyled">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTextInput {...named(f.dob)} required={required} autoComplete="off" {...date('dob')} />
            <TextInput {...named(f.ssn)} required={required} inputMode="numeric" {...pii('ssn')} />
            <TextInput {...named(f.driversLicense)} required={required} {...pii('driversLicense')} />
            <StateSelect {...named(f.licenseIssueState)} required={required} {...select('licenseIssueState')} />
            <DateTextInput {...named(f.licenseIssueDate)} required={required} {...select('licenseIssueDate')} />
            <DateTextInput
              {...named(f.licenseExpirationDate)}
              required={required}
              {...select('licenseExpirationDate')}
            />
          </SimpleGrid>
        </Fieldset>
      </Stack>
    </Fieldset>
  );
}
