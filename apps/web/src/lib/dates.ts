import { calendarDateIn, isCalendarDate, wireDateToText } from '@portal/domain';
import dayjs from 'dayjs';

/** The screens' display formats, MM/DD/YYYY and MM/DD/YYYY hh:mm A; the wire carries ISO dates and UTC instants. */
export const formatDate = (value: string | Date | null | undefined) => (value ? dayjs(value).format('MM/DD/YYYY') : '');

export const formatDateTime = (value: string | Date | null | undefined) =>
  value ? dayjs(value).format('MM/DD/YYYY hh:mm A') : '';

/**
 * An instant with its seconds, as the supervised persons modal's Attested Date
 * ('MM/DD/YYYY, hh:mm:ss A'), in the browser's time zone: the reader's own clock.
 */
export const formatDateTimeSeconds = (value: string | Date | null | undefined) =>
  value ? dayjs(value).format('MM/DD/YYYY, hh:mm:ss A') : '';

/** A wire date as typed and shown: the domain's, which the server's mails and PDFs use too. */
export { wireDateToText };

/**
 * What a person typed as a date, on the wire: '7/4/2026', '07/04/2026' or '07042026' is '2026-07-04',
 * and so is '2026-07-04' itself (pasted from elsewhere); an empty box is null; anything else stays as
 * typed, so the schema says what is wrong with it.
 */
export function textToWireDate(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (!match) return value;
  const iso = `${match[3]}-${match[1].padStart(2, '0')}-${match[2].padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : value;
}

/** The portal's time zone (the server's `PORTAL_TIME_ZONE` default): fiscal quarters turn over in it. */
export const PORTAL_TIME_ZONE = 'America/New_York';

/** Today's calendar date ('YYYY-MM-DD') in the portal's time zone, whatever the browser's. */
export const portalToday = (now: Date = new Date()) => calendarDateIn(PORTAL_TIME_ZONE, now);

const portalDateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/**
 * An instant as 'MM/DD/YYYY hh:mm A' on the portal's clock, whatever the browser's: a case opened at
 * 9:05 in New York reads 09:05 AM for a colleague travelling elsewhere too.
 */
export function formatPortalDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const parts = Object.fromEntries(portalDateTime.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod.toUpperCase()}`;
}
