import { Select } from '@mantine/core';
import { messages, type User } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { clientLabel, staffClientsQuery } from './onboarding-api';

interface ClientPickerProps {
  actor: User;
  value: number | null;
  onChange: (id: number | null, email: string | null) => void;
}

/** The staff's Client dropdown (spec 001 §2): an advisor's clients, or a firm administrator's firm's. */
export function ClientPicker({ actor, value, onChange }: ClientPickerProps) {
  const clients = useQuery(staffClientsQuery(actor));
  const rows = clients.data?.results ?? [];
  const data = rows.map((u) => ({ value: String(u.id), label: clientLabel(u) }));
  if (value !== null && !data.some((o) => o.value === String(value)))
    data.unshift({ value: String(value), label: `${messages.onboarding.clientAgreement.client} ${value}` });
  return (
    <Select
      label={messages.onboarding.clientAgreement.client}
      placeholder={clients.isSuccess && rows.length === 0 ? messages.onboarding.clientAgreement.noClients : undefined}
      searchable
      error={clients.isError ? messages.onboarding.loadFailed : undefined}
      openOnFocus={false}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const row = rows.find((u) => String(u.id) === next);
        onChange(next ? Number(next) : null, row?.email ?? null);
      }}
      maw={480}
    />
  );
}
