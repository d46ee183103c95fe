import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const comingSoonScreens = defineScreens([
  // The full-page variant (the card in place of a switched-off screen is drawn by app/switched-off-gate.tsx).
  { path: '/coming-soon', page: ['coming-soon-page', 'ComingSoonPage'] },
  // Which menu entries lead to the coming-soon card, for the firm's administrators.
  { entry: screenEntries.comingSoonPages, page: ['coming-soon-settings-page', 'ComingSoonSettingsPage'] },
]);
