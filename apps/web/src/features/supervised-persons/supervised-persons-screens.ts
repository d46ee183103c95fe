import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const supervisedPersonsScreens = defineScreens([
  { entry: screenEntries.supervisedPersons, page: ['supervised-persons-page', 'SupervisedPersonsPage'] },
]);
