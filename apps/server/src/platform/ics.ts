/**
 * iCalendar text (RFC 5545) for read-only feeds: a VCALENDAR of VEVENTs. Text values are escaped
 * (backslash, semicolon, comma, line breaks; RFC 5545, 3.3.11), content lines are folded at 75 octets without
 * splitting a character (3.1) and every line ends with CRLF.
 */
export interface IcsEvent {
  uid: string;
  /** When the item last changed (DTSTAMP and LAST-MODIFIED). */
  stamp: Date;
  /** An all-day item covers `start`..`end` as calendar dates (YYYY-MM-DD), `end` inclusive. */
  allDay: boolean;
  start: string | Date;
  end: string | Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string;
}

export interface IcsCalendar {
  /** PRODID: who made the file. */
  productId: string;
  name: string;
  /** How often an app should fetch it again, in minutes. */
  refreshMinutes: number;
  events: IcsEvent[];
}

/** TEXT escaping of RFC 5545, 3.3.11; CR LF, CR and LF alike become `\n`. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Folds a content line into lines of at most 75 octets, each continuation starting with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // The first line holds 75 octets; a continuation 74 after its leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateValue = (date: string) => date.replace(/-/g, '');

/** The day after a calendar date (DTEND of an all-day item is exclusive). */
const nextDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

function eventLines(e: IcsEvent): string[] {
  const when = e.allDay
    ? [`DTSTART;VALUE=DATE:${dateValue(String(e.start))}`, `DTEND;VALUE=DATE:${dateValue(nextDay(String(e.end)))}`]
    : [`DTSTART:${utc(new Date(e.start))}`, `DTEND:${utc(new Date(e.end))}`];
  return [
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `LAST-MODIFIED:${utc(e.stamp)}`,
    ...when,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.allDay ? ['TRANSP:TRANSPARENT'] : []),
    'END:VEVENT',
  ];
}

export function renderIcs(cal: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(cal.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(cal.name)}`,
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${cal.refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${cal.refreshMinutes}M`,
    ...cal.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
