import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const firmsScreens = defineScreens([{ entry: screenEntries.firms, page: ['firms-page', 'FirmsPage'] }]);
