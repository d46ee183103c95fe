import { Select } from '@mantine/core';
import type { UserListItem } from '@portal/domain';
import { messages, personName } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { SelectProps } from '../../lib/schema-form/use-schema-form';
import { advisorClientsQuery } from './requests-api';

const nameOf = (u: Pick<UserListItem, 'first_name' | 'last_name' | 'email'>) => personName(u);

interface ClientSelectProps {
  bound: SelectProps;
  readOnly: boolean;
  /** How a stored client no longer among the advisor's active clients is shown (the record's snapshot). */
  storedLabel: string | null;
  /** Whether to ask for the advisor's clients: only an advisor has any (anyone else sees the stored label). */
  lookup: boolean;
  onPick?: (client: UserListItem) => void;
}

/** The request's client (`ESWA_Portal_Owner_ID__c`), picked among the signed-in advisor's clients. */
export function ClientSelect({ bound, readOnly, storedLabel, lookup, onPick }: ClientSelectProps) {
  const clients = useQuery({ ...advisorClientsQuery, enabled: lookup });
  const rows = clients.data?.results ?? [];
  const data = rows.map((u) => ({ value: String(u.id), label: `${nameOf(u)} (${u.email})` }));
  if (bound.value && !data.some((o) => o.value === bound.value))
    data.unshift({
      value: bound.value,
      label: storedLabel || messages.investmentRequestsScreen.clientNumbered(bound.value),
    });
  return (
    <Select
      label={messages.investmentStrategies.labels.ESWA_Portal_Owner_ID__c}
      required={!readOnly}
      readOnly={readOnly}
      searchable
      // The form focuses the first field in error after a failed submit: an open list would cover its
      // message. A click or typing still opens it.
      openOnFocus={false}
      nothingFoundMessage={messages.investmentRequests.noClientFound}
      data={data}
      {...bound}
      onChange={(value) => {
        bound.onChange(value);
        const row = rows.find((u) => String(u.id) === value);
        if (row) onPick?.(row);
      }}
    />
  );
}

export { nameOf as clientNameOf };
