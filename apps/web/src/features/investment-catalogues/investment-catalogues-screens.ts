import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// For investments users, administrators and super admins.
export const investmentCataloguesScreens = defineScreens([
  { entry: screenEntries.models, page: ['catalogue-page', 'ModelsPage'] },
  { entry: screenEntries.feeSchedules, page: ['catalogue-page', 'FeeSchedulesPage'] },
  { entry: screenEntries.firmModels, page: ['assignments-page', 'FirmModelsPage'] },
  { entry: screenEntries.firmFeeSchedules, page: ['assignments-page', 'FirmFeeSchedulesPage'] },
]);
