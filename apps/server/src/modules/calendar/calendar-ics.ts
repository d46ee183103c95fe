import { type CalendarEvent, type ComplianceDeadline, messages } from '@portal/domain';
import { renderIcs } from '../../platform/ics.js';

export interface IcsInput {
  publicUrl: string;
  firmName: string | null;
  now: Date;
  events: (CalendarEvent & { updatedAt: Date })[];
  deadlines: ComplianceDeadline[];
}

/**
 * The feed of one person's calendar. UIDs are stable per event and per deadline, so an app updates
 * what it has rather than adding copies; a deadline's stamp is the feed's time (it has no edits).
 */
export function icsOf(input: IcsInput): string {
  const host = new URL(input.publicUrl).host;
  const url = `${input.publicUrl}/calendar`;
  return renderIcs({
    productId: '-//Portal//Calendar//EN',
    name: messages.calendar.feed.calendarName(input.firmName ?? 'Portal'),
    refreshMinutes: 60,
    events: [
      ...input.events.map((e) => ({
        uid: `event-${e.id}@${host}`,
        stamp: e.updatedAt,
        allDay: e.all_day,
        start: e.start,
        end: e.end,
        summary: e.title,
        location: e.location,
        description: e.description,
        url,
      })),
      ...input.deadlines.map((d) => ({
        uid: `${d.id}@${host}`,
        stamp: input.now,
        allDay: true,
        start: d.date,
        end: d.date,
        summary: d.title,
        description: d.description,
        url,
      })),
    ],
  });
}
