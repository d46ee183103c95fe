import type { CalendarEvent, CalendarRange, ComplianceDeadline } from '@portal/domain';
import dayjs from 'dayjs';
import { portalClock, portalWallTime } from '../../lib/portal-time';

/** One thing on the calendar: a firm event or a compliance deadline, on the days it covers. */
export type CalendarItem =
  | {
      key: string;
      kind: 'event';
      title: string;
      first: string;
      last: string;
      time: string | null;
      event: CalendarEvent;
    }
  | {
      key: string;
      kind: 'deadline';
      title: string;
      first: string;
      last: string;
      time: null;
      deadline: ComplianceDeadline;
    };

const day = (instant: string) => portalWallTime(instant).date;

/** A timed event's hours on the portal's clock ('09:30 AM – 11:00 AM'), as the server places it on its days. */
export const timeOf = (e: CalendarEvent) => (e.all_day ? null : `${portalClock(e.start)} – ${portalClock(e.end)}`);

/** Events and deadlines in one list, by first day: deadlines first on a day, then all-day, then by time. */
export function itemsOf(range: CalendarRange): CalendarItem[] {
  const events: CalendarItem[] = range.events.map((e) => ({
    key: `event-${e.id}`,
    kind: 'event',
    title: e.title,
    first: e.all_day ? e.start : day(e.start),
    last: e.all_day ? e.end : day(e.end),
    time: timeOf(e),
    event: e,
  }));
  const deadlines: CalendarItem[] = range.deadlines.map((d) => ({
    key: d.id,
    kind: 'deadline',
    title: d.title,
    first: d.date,
    last: d.date,
    time: null,
    deadline: d,
  }));
  return [...deadlines, ...events].sort((a, b) => a.first.localeCompare(b.first) || order(a).localeCompare(order(b)));
}

/** Within a day: deadlines first, then all-day events, then timed ones by their start. */
const order = (i: CalendarItem) => (i.kind === 'deadline' ? '0' : i.time ? `2${i.event.start}` : '1');

/** The items on one day (a multi-day event is on each of its days), in the order the day lists them. */
export const itemsOn = (items: CalendarItem[], date: string) =>
  items.filter((i) => i.first <= date && i.last >= date).sort((a, b) => order(a).localeCompare(order(b)));

/** The weeks (Sunday to Saturday) that show a month, as dates. */
export function monthWeeks(month: string): string[][] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract(first.day(), 'day');
  const last = first.endOf('month');
  const weeks: string[][] = [];
  for (let d = start; !d.isAfter(last, 'day') || d.day() !== 0; d = d.add(1, 'day')) {
    if (d.day() === 0) weeks.push([]);
    weeks[weeks.length - 1].push(d.format('YYYY-MM-DD'));
  }
  return weeks;
}

/** The days a month view reads: from the first shown Sunday to the last shown Saturday. */
export function monthRange(month: string): { from: string; to: string } {
  const weeks = monthWeeks(month);
  return { from: weeks[0][0], to: weeks[weeks.length - 1][6] };
}
