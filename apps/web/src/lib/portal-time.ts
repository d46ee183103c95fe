import { PORTAL_TIME_ZONE } from './dates';

/**
 * Wall-clock times on the portal's clock (`PORTAL_TIME_ZONE`), whatever the browser's: a firm's 9:00 AM
 * meeting is typed and read as 9:00 AM by a colleague travelling elsewhere, as the server places it on
 * its day. Kept apart from lib/dates.ts, which the sign-in page loads.
 */
const wall = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(instant: Date) {
  const p = Object.fromEntries(wall.formatToParts(instant).map((x) => [x.type, x.value]));
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
}

/** An instant's date ('YYYY-MM-DD') and time ('HH:mm') on the portal's clock. */
export function portalWallTime(instant: string | Date): { date: string; time: string } {
  const p = partsOf(new Date(instant));
  return { date: `${p.y}-${p.mo}-${p.d}`, time: `${p.h}:${p.mi}` };
}

/** 'hh:mm A' on the portal's clock. */
export function portalClock(instant: string | Date): string {
  const [h, mi] = portalWallTime(instant).time.split(':').map(Number);
  return `${String(h % 12 || 12).padStart(2, '0')}:${String(mi).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** How far the portal's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(t: number): number {
  const p = partsOf(new Date(t));
  return Date.UTC(+p.y, +p.mo - 1, +p.d, +p.h, +p.mi, +p.s) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant (ISO, UTC) of a date and time typed on the portal's clock. Twice through the offset, so a
 * time on the day the clocks change lands on the offset in force at that time.
 */
export function portalInstant(date: string, time: string): string {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  let t = asUtc - offsetAt(asUtc);
  const second = offsetAt(t);
  if (second !== asUtc - t) t = asUtc - second;
  return new Date(t).toISOString();
}
