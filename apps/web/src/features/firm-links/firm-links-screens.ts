import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The firm's configured links, kept by its administrators.
export const firmLinksScreens = defineScreens([
  { entry: screenEntries.firmLinks, page: ['firm-links-page', 'FirmLinksPage'] },
]);
