import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// Cases (support tickets), for the staff; Prayer Requests is the same screen with the category Prayer Request.
export const supportScreens = defineScreens([
  { entry: screenEntries.helpRequests, page: ['support-page', 'HelpRequestsPage'] },
  { entry: screenEntries.prayerRequests, page: ['support-page', 'PrayerRequestsPage'] },
]);
