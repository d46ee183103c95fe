import { canOpenAcknowledgements, canReadResources } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The training resources by category, for the whole staff (the menu lists each category).
export const resourcesScreens = defineScreens([
  { path: '/resources', redirect: '/resources/compliance' },
  { path: '/resources/:category', page: ['resources-page', 'ResourcesPage'], allowed: canReadResources },
  // Who has not acknowledged a Compliance document's current version: CCOs and administrators.
  {
    path: '/resources/compliance/:id/acknowledgements',
    page: ['acknowledgements-page', 'AcknowledgementsPage'],
    allowed: canOpenAcknowledgements,
  },
]);
