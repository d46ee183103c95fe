import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const disclosuresScreens = defineScreens([
  { entry: screenEntries.disclosureDeliveries, page: ['deliveries-page', 'DisclosureDeliveriesPage'] },
  // A firm's Form ADV and Form CRS versions, for its administrators and super admins.
  { entry: screenEntries.disclosureDocuments, page: ['documents-page', 'DisclosureDocumentsPage'] },
]);
