import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const singleSignOnScreens = defineScreens([
  { entry: screenEntries.singleSignOn, page: ['single-sign-on-page', 'SingleSignOnPage'] },
]);
