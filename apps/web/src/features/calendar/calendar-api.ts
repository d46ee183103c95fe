import type { CalendarEvent, CalendarEventBody, CalendarFeed, CalendarRange } from '@portal/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every calendar read sits under this key, so a saved or removed event reloads what is shown. */
export const calendarKey = ['calendar'] as const;

export const calendarRangeQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...calendarKey, 'range', from, to],
    queryFn: () => api.get<CalendarRange>(`/api/calendar/events/?from=${from}&to=${to}`),
    placeholderData: keepPreviousData,
  });

export const createEvent = (body: CalendarEventBody) => api.post<CalendarEvent>('/api/calendar/events/', body);
export const updateEvent = (id: number, body: CalendarEventBody) =>
  api.put<CalendarEvent>(`/api/calendar/events/${id}/`, body);
export const deleteEvent = (id: number) => api.delete<null>(`/api/calendar/events/${id}/`);

export const feedKey = [...calendarKey, 'feed'] as const;
export const feedQuery = queryOptions({
  queryKey: feedKey,
  queryFn: () => api.get<CalendarFeed>('/api/calendar/feed/'),
  staleTime: Number.POSITIVE_INFINITY,
});
export const resetFeed = () => api.post<CalendarFeed>('/api/calendar/feed/reset/');
