import { ActionIcon, Button, Group, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { canEditFirmContent, messages, calendarScreenMessages as ui } from '@portal/domain';
import { IconCalendarShare, IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmModal } from '../../components/confirm-modal';
import { Spinner } from '../../components/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { portalToday } from '../../lib/dates';
import { notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/use-page-title';
import { calendarKey, calendarRangeQuery, deleteEvent } from './calendar-api';
import { type CalendarItem, itemsOf, monthRange, monthWeeks } from './calendar-items';
import { EventForm } from './event-form';
import { EventList } from './event-list';
import { FeedModal } from './feed-modal';
import { ItemDetails } from './item-details';
import { MonthGrid } from './month-grid';

const m = messages.calendar;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type Dialog =
  | { kind: 'details'; item: CalendarItem }
  | { kind: 'form'; item: CalendarItem | null }
  | { kind: 'delete'; item: CalendarItem & { kind: 'event' } }
  | { kind: 'feed' }
  | null;

/**
 * The calendar: the firm's events and, for staff, the attestation deadlines, by month
 * or as a list; the month and the view live in the address (Back and a refresh keep them).
 * Administrators add, change and remove events; everyone may subscribe with their private feed.
 */
export function CalendarPage() {
  usePageTitle(m.title);
  const user = useCurrentUser();
  const canEdit = canEditFirmContent(user);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const today = portalToday();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : today.slice(0, 7);
  const view = params.get('view') === 'list' ? 'list' : 'month';
  const { from, to } = monthRange(month);
  const { data: range, isPending } = useQuery(calendarRangeQuery(from, to));
  const items = range ? itemsOf(range) : [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const remove = useMutation({
    mutationFn: (id: number) => deleteEvent(id),
    onSuccess: () => {
      notifySuccess(m.deleted);
      close();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });

  const go = (next: Record<string, string>) => setParams({ month, view, ...next });
  const shift = (months: number) => go({ month: dayjs(`${month}-01`).add(months, 'month').format('YYYY-MM') });
  const monthDays = monthWeeks(month)
    .flat()
    .filter((d) => d.startsWith(month));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{m.title}</Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCalendarShare size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'feed' })}
          >
            {m.feed.title}
          </Button>
          {canEdit && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setDialog({ kind: 'form', item: null })}
            >
              {m.newEvent}
            </Button>
          )}
        </Group>
      </Group>
      <Group justify="space-between" align="center" gap="xs">
        <Group gap={4} align="center">
          <ActionIcon variant="default" size="lg" aria-label={m.previousMonth} onClick={() => shift(-1)}>
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" onClick={() => go({ month: today.slice(0, 7) })}>
            {m.today}
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={m.nextMonth} onClick={() => shift(1)}>
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} size="h4" ml="sm" aria-live="polite">
            {dayjs(`${month}-01`).format('MMMM YYYY')}
          </Title>
        </Group>
        <SegmentedControl
          aria-label={ui.view}
          value={view}
          onChange={(v) => go({ view: v })}
          data={[
            { value: 'month', label: m.monthView },
            { value: 'list', label: m.listView },
          ]}
        />
      </Group>

      {isPending ? (
        <Spinner label={messages.lists.loading} />
      ) : view === 'month' ? (
        <>
          <MonthGrid
            month={month}
            today={today}
            items={items}
            onOpen={(item) => setDialog({ kind: 'details', item })}
          />
          {items.length === 0 && <Text>{m.emptyMonth}</Text>}
        </>
      ) : (
        <EventList days={monthDays} items={items} onOpen={(item) => setDialog({ kind: 'details', item })} />
      )}

      <Modal
        opened={dialog?.kind === 'details'}
        onClose={close}
        title={dialog?.kind === 'details' ? dialog.item.title : ''}
        closeButtonProps={{ 'aria-label': ui.close }}
      >
        {dialog?.kind === 'details' && (
          <ItemDetails
            item={dialog.item}
            canEdit={canEdit}
            onClose={close}
            onEdit={() => setDialog({ kind: 'form', item: dialog.item })}
            onDelete={() => dialog.item.kind === 'event' && setDialog({ kind: 'delete', item: dialog.item })}
          />
        )}
      </Modal>
      <Modal
        opened={dialog?.kind === 'form'}
        onClose={close}
        title={dialog?.kind === 'form' && dialog.item ? m.editEvent : m.newEvent}
        size="lg"
        closeButtonProps={{ 'aria-label': ui.close }}
      >
        {dialog?.kind === 'form' && (
          <EventForm
            event={dialog.item?.kind === 'event' ? dialog.item.event : null}
            day={month === today.slice(0, 7) ? today : `${month}-01`}
            onDone={close}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        title={m.deleteTitle}
        question={dialog?.kind === 'delete' ? m.deleteQuestion(dialog.item.title) : ''}
        confirmLabel={messages.lists.delete}
        dismissLabel={messages.lists.cancel}
        color="red"
        loading={remove.isPending}
        onCancel={close}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.item.event.id)}
      />
      <FeedModal opened={dialog?.kind === 'feed'} onClose={close} />
    </Stack>
  );
}
