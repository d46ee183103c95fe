import { calendarDateIn } from '@portal/domain';
import type { Config } from '../config.js';

/** Today's date (YYYY-MM-DD) in the portal's time zone, by the configured clock. */
export const todayOf = (config: Pick<Config, 'timeZone' | 'now'>) => calendarDateIn(config.timeZone, config.now());
