import { Anchor, Button, Group, MultiSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  messages,
  type PortalSettings,
  type PortalSettingsBody,
  portalSettingsDraft,
  switchableEntries,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon-countdown';
import { DateTextInput } from '../../components/date-text-input';
import { api } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { portalSettingsKey, portalSettingsQuery } from '../../lib/portal-settings';
import { portalInstant, portalWallTime } from '../../lib/portal-time';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { usePageTitle } from '../../lib/use-page-title';

const m = messages.comingSoon;

const draftOf = (s: PortalSettings) => ({
  switched_off: s.switched_off,
  target_date: s.coming_soon_target ? portalWallTime(s.coming_soon_target).date : null,
  target_time: s.coming_soon_target ? portalWallTime(s.coming_soon_target).time : null,
  coming_soon_message: s.coming_soon_message,
});

/** The launch moment typed on the portal's clock, as the wire's instant (midnight when no time is given). */
const targetOf = (date: string | null | undefined, time: string | null | undefined) =>
  date ? portalInstant(date, time || '00:00') : null;

function SettingsForm({ settings }: { settings: PortalSettings }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(portalSettingsDraft, draftOf(settings));
  const mutation = useMutation({
    mutationFn: (body: PortalSettingsBody) => api.put<PortalSettings>('/api/portal_settings/', body),
    meta: form.errorMeta,
    onSuccess: (saved) => {
      queryClient.setQueryData(portalSettingsKey, saved);
      notifySuccess(m.saved);
    },
    onError: form.setServerErrors,
  });
  const values = form.getValues();
  const entries = switchableEntries();
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        mutation.mutate({
          switched_off: v.switched_off,
          coming_soon_target: targetOf(v.target_date, v.target_time),
          coming_soon_message: v.coming_soon_message ?? null,
        }),
      )}
    >
      <Stack gap="md">
        <MultiSelect
          label={m.switchedOff}
          placeholder={m.switchedOffPlaceholder}
          data={entries.map((e) => ({ value: e.to, label: e.label }))}
          searchable
          clearable
          {...(form.input('switched_off') as { value: string[]; onChange: (v: string[]) => void })}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTextInput label={m.targetDate} {...form.select('target_date')} />
          <TextInput label={m.targetTime} type="time" {...form.text('target_time')} />
        </SimpleGrid>
        <Textarea label={m.message} rows={3} placeholder={m.defaultMessage} {...form.text('coming_soon_message')} />
        <Group justify="space-between">
          <Anchor component={Link} to="/coming-soon">
            {m.preview}
          </Anchor>
          <Button type="submit" loading={mutation.isPending}>
            {m.save}
          </Button>
        </Group>
        <ComingSoon
          variant="card"
          title={m.title}
          message={values.coming_soon_message ?? null}
          target={targetOf(values.target_date, values.target_time)}
        />
      </Stack>
    </form>
  );
}

/** The administrators' setup of the coming-soon card: which entries lead to it, and when they open. */
export function ComingSoonSettingsPage() {
  usePageTitle(m.settingsTitle);
  const { data: settings } = useQuery(portalSettingsQuery);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{m.settingsTitle}</Title>
      <Text>{m.settingsIntro}</Text>
      {settings && <SettingsForm settings={settings} />}
    </Stack>
  );
}
