import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages, type User } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientLabel, staffClientsQuery } from '../lib/clients';

/** How long the picker waits after the last key before asking the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

interface ClientPickerProps {
  actor: User;
  value: number | null;
  onChange: (id: number | null, email: string | null) => void;
}

/**
 * The staff's Client dropdown: an advisor's clients, or a firm administrator's firm's
 * (the onboarding screens and the document vault).
 * What is typed is searched by the server (debounced), so a client beyond the first page is found.
 */
export function ClientPicker({ actor, value, onChange }: ClientPickerProps) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), CLIENT_SEARCH_DEBOUNCE_MS);
  const clients = useQuery(staffClientsQuery(actor));
  const firstPage = clients.data?.results ?? [];
  const picked = firstPage.find((u) => u.id === value);
  // The picked client's label fills the box: it is not a search.
  const query = typed && (!picked || typed !== clientLabel(picked)) ? typed : '';
  const found = useQuery({
    ...staffClientsQuery(actor, query),
    enabled: query !== '',
    placeholderData: keepPreviousData,
  });
  const rows = query ? (found.data?.results ?? []) : firstPage;
  // What is typed is not yet the server's answer: the pause before asking, or the question in flight.
  const searching =
    (search.trim() !== typed && search.trim() !== (picked ? clientLabel(picked) : '')) ||
    (query !== '' && found.isFetching);
  const data = rows.map((u) => ({ value: String(u.id), label: clientLabel(u) }));
  const pickedRow = picked ?? found.data?.results.find((u) => u.id === value);
  if (value !== null && !data.some((o) => o.value === String(value)))
    data.unshift({
      value: String(value),
      label: pickedRow ? clientLabel(pickedRow) : `${messages.onboarding.clientAgreement.client} ${value}`,
    });
  return (
    <Select
      label={messages.onboarding.clientAgreement.client}
      placeholder={
        clients.isSuccess && firstPage.length === 0 ? messages.onboarding.clientAgreement.noClients : undefined
      }
      // Opened before its list arrives (or while a search runs), it says so, and shows the clients once
      // they come, rather than staying shut until clicked again.
      nothingFoundMessage={
        clients.isError || found.isError
          ? undefined
          : clients.isPending || searching
            ? messages.lists.loading
            : search.trim()
              ? messages.onboarding.clientAgreement.noClientMatches
              : messages.onboarding.clientAgreement.noClients
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      error={clients.isError || found.isError ? messages.onboarding.loadFailed : undefined}
      openOnFocus={false}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const row = [...rows, ...firstPage].find((u) => String(u.id) === next);
        onChange(next ? Number(next) : null, row?.email ?? null);
      }}
      maw={480}
    />
  );
}
