import { z } from 'zod';
import { messages } from '../messages.js';
import { daysFromTo, MAX_CALENDAR_RANGE_DAYS, MAX_EVENT_DAYS } from '../rules/calendar.js';
import { isCalendarDate } from '../rules/fiscal.js';
import { optionalMultilineText, optionalText, text } from './common.js';
import { defineFields, fieldsBody, readSchema } from './field-table.js';

const m = messages.calendar;

const wireDate = z.string().refine(isCalendarDate, m.date);
const instant = z.iso.datetime({ offset: true, error: m.dateTime });

/** The longest event, in milliseconds, for a timed one. */
const MAX_EVENT_MS = MAX_EVENT_DAYS * 86_400_000;

/**
 * A firm event. An all-day event's `start` and `end` are calendar dates (YYYY-MM-DD, `end` the last
 * day, inclusive); a timed event's are ISO 8601 instants in UTC. The server keeps a timed event's
 * instants beside the days they fall on in the portal's time zone, and answers from whichever holds.
 */
export const calendarEventFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  title: { column: 'title', read: z.string(), write: text(200).min(1, m.titleRequired), set: 'editor' },
  all_day: { column: 'allDay', read: z.boolean(), write: z.boolean().default(false), set: 'editor' },
  start: {
    column: 'startDate',
    read: z.string(),
    write: z.string({ error: m.startRequired }).trim().min(1, m.startRequired),
    set: 'editor',
  },
  end: {
    column: 'endDate',
    read: z.string(),
    write: z.string({ error: m.endRequired }).trim().min(1, m.endRequired),
    set: 'editor',
  },
  // Saved whole: a field the form leaves out is none.
  location: { column: 'location', read: z.string().nullable(), write: optionalText(200).default(null), set: 'editor' },
  description: {
    column: 'description',
    read: z.string().nullable(),
    write: optionalMultilineText(4000).default(null),
    set: 'editor',
  },
});

export const calendarEventSchema = readSchema(calendarEventFields);
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** What an administrator writes: the same fields but the id; the form's messages on each input. */
export const calendarEventBody = fieldsBody(calendarEventFields).superRefine((body, ctx) => {
  const format = body.all_day ? wireDate : instant;
  const start = format.safeParse(body.start);
  const end = format.safeParse(body.end);
  if (!start.success) ctx.addIssue({ code: 'custom', path: ['start'], message: start.error.issues[0].message });
  if (!end.success) ctx.addIssue({ code: 'custom', path: ['end'], message: end.error.issues[0].message });
  if (!start.success || !end.success) return;
  const length = body.all_day ? daysFromTo(body.start, body.end) : Date.parse(body.end) - Date.parse(body.start);
  if (length < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: m.endBeforeStart });
  else if (body.all_day ? length >= MAX_EVENT_DAYS : length > MAX_EVENT_MS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: m.tooLong(MAX_EVENT_DAYS) });
});
export type CalendarEventBody = z.input<typeof calendarEventBody>;

/** `GET /api/calendar/events/?from=&to=`: calendar dates, inclusive, at most a bounded span apart. */
export const calendarRangeQuery = z
  .object({
    from: z.string({ error: m.rangeRequired }).refine(isCalendarDate, m.rangeRequired),
    to: z.string({ error: m.rangeRequired }).refine(isCalendarDate, m.rangeRequired),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const span = daysFromTo(q.from, q.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeOrder });
    else if (span > MAX_CALENDAR_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: m.rangeTooLong(MAX_CALENDAR_RANGE_DAYS) });
  });
export type CalendarRangeQuery = z.infer<typeof calendarRangeQuery>;

/** A day the attestation rules fix (all day, on `date`), for staff. `filed`: whether the caller filed it. */
export const complianceDeadlineSchema = z.object({
  id: z.string(),
  kind: z.enum(['filing_opens', 'reminder', 'due', 'escalation']),
  date: z.string(),
  title: z.string(),
  description: z.string(),
  fiscal_year: z.number().int(),
  fiscal_quarter: z.number().int(),
  filed: z.boolean().nullable(),
});
export type ComplianceDeadline = z.infer<typeof complianceDeadlineSchema>;

export const calendarRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: z.array(calendarEventSchema),
  deadlines: z.array(complianceDeadlineSchema),
});
export type CalendarRange = z.infer<typeof calendarRangeSchema>;

/** The person's private feed address (`GET /api/calendar/feed/`, `POST /api/calendar/feed/reset/`). */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** A feed token as it appears in the feed's path: 43 base64url characters (256 bits). */
export const calendarFeedParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The event form as a person fills it: a date typed as MM/DD/YYYY (kept as YYYY-MM-DD) and, unless all
 * day, a time (HH:MM) on each side, in the reader's own clock. The web turns it into the wire's body.
 */
export const calendarEventDraft = z
  .object({
    title: text(200).min(1, m.titleRequired),
    all_day: z.boolean(),
    start_date: z.string({ error: m.startRequired }).min(1, m.startRequired).refine(isCalendarDate, m.date),
    start_time: z.string().nullable().optional(),
    end_date: z.string({ error: m.endRequired }).min(1, m.endRequired).refine(isCalendarDate, m.date),
    end_time: z.string().nullable().optional(),
    location: optionalText(200),
    description: optionalMultilineText(4000),
  })
  .superRefine((d, ctx) => {
    if (!d.all_day)
      for (const key of ['start_time', 'end_time'] as const)
        if (!TIME.test(d[key] ?? '')) ctx.addIssue({ code: 'custom', path: [key], message: m.time });
    if (!isCalendarDate(d.start_date) || !isCalendarDate(d.end_date)) return;
    const start = d.all_day ? d.start_date : `${d.start_date}T${d.start_time}`;
    const end = d.all_day ? d.end_date : `${d.end_date}T${d.end_time}`;
    if (end < start) ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.endBeforeStart });
    else if (daysFromTo(d.start_date, d.end_date) >= MAX_EVENT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: m.tooLong(MAX_EVENT_DAYS) });
  });
export type CalendarEventDraft = z.infer<typeof calendarEventDraft>;
