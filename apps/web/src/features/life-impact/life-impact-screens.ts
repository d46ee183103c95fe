import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

// The firm's Life Impact page, for everyone signed in; its administrators edit it.
export const lifeImpactScreens = defineScreens([
  { entry: screenEntries.lifeImpact, page: ['life-impact-page', 'LifeImpactPage'] },
]);
