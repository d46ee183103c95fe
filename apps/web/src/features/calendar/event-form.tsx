import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type CalendarEvent, type CalendarEventBody, calendarEventDraft, messages } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTextInput } from '../../components/date-text-input';
import { FormActions } from '../../components/form-actions';
import { ApiError, isApiError } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { portalInstant, portalWallTime } from '../../lib/portal-time';
import { useSchemaForm } from '../../lib/schema-form/use-schema-form';
import { calendarKey, createEvent, updateEvent } from './calendar-api';

const m = messages.calendar;

const draftOf = (e: CalendarEvent | null, day: string) => {
  if (!e)
    return {
      title: '',
      all_day: true,
      start_date: day,
      start_time: '09:00',
      end_date: day,
      end_time: '10:00',
      location: null,
      description: null,
    };
  const part = (v: string, which: 'date' | 'time') => (e.all_day ? null : portalWallTime(v)[which]);
  return {
    title: e.title,
    all_day: e.all_day,
    start_date: e.all_day ? e.start : (part(e.start, 'date') as string),
    start_time: part(e.start, 'time') ?? '09:00',
    end_date: e.all_day ? e.end : (part(e.end, 'date') as string),
    end_time: part(e.end, 'time') ?? '10:00',
    location: e.location,
    description: e.description,
  };
};

/** The wire's field names as the form's: a server message about `start` belongs on the start date. */
const FORM_FIELD: Record<string, string> = { start: 'start_date', end: 'end_date' };
const onFormFields = (error: unknown) =>
  isApiError(error)
    ? new ApiError(
        error.status,
        error.detail,
        Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [FORM_FIELD[k] ?? k, v])),
      )
    : error;

interface EventFormProps {
  event: CalendarEvent | null;
  /** The day a new event starts on. */
  day: string;
  onDone: () => void;
}

/**
 * An administrator's event form: dates typed as MM/DD/YYYY, times as hh:mm on the portal's clock
 * (the browser's time input, typeable), or all day.
 */
export function EventForm({ event, day, onDone }: EventFormProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(calendarEventDraft, draftOf(event, day));
  const mutation = useMutation({
    mutationFn: (body: CalendarEventBody) => (event ? updateEvent(event.id, body) : createEvent(body)),
    meta: form.errorMeta,
    onSuccess: () => {
      notifySuccess(event ? m.updated : m.created);
      onDone();
    },
    onError: (error) => form.setServerErrors(onFormFields(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKey }),
  });
  const allDay = form.getValues().all_day;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((d) =>
        mutation.mutate({
          title: d.title,
          all_day: d.all_day,
          // The draft schema requires both times of a timed event.
          start: d.all_day ? d.start_date : portalInstant(d.start_date, d.start_time as string),
          end: d.all_day ? d.end_date : portalInstant(d.end_date, d.end_time as string),
          location: d.location ?? null,
          description: d.description ?? null,
        }),
      )}
    >
      <Stack gap="md">
        <TextInput label={m.eventTitle} required data-autofocus {...form.text('title')} />
        <Checkbox label={m.allDay} {...form.checkbox('all_day')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTextInput label={m.startDate} required {...form.select('start_date')} />
          {!allDay && (
            <TextInput
              label={m.startTime}
              description={m.timeZoneNote}
              type="time"
              required
              {...form.text('start_time')}
            />
          )}
          <DateTextInput label={m.endDate} required {...form.select('end_date')} />
          {!allDay && <TextInput label={m.endTime} type="time" required {...form.text('end_time')} />}
        </SimpleGrid>
        <TextInput label={m.location} {...form.text('location')} />
        <Textarea label={m.description} rows={4} {...form.text('description')} />
        <FormActions readOnly={false} saving={mutation.isPending} onDone={onDone} />
      </Stack>
    </form>
  );
}
