import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const calendarScreens = defineScreens([
  { entry: screenEntries.calendar, page: ['calendar-page', 'CalendarPage'] },
]);
