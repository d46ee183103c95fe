import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// For the whole staff; managers edit its entries.
export const staffDirectoryScreens = defineScreens([
  { entry: screenEntries.staffDirectory, page: ['staff-directory-page', 'StaffDirectoryPage'] },
]);
