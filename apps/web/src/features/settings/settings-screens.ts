import { screenEntries } from '@portal/domain';
import { defineScreens } from '../../lib/screens';

export const settingsScreens = defineScreens([
  {
    entry: screenEntries.settings,
    page: ['settings-page', 'SettingsPage'],
    tabs: [
      { redirect: 'profile' },
      { path: 'profile', page: ['profile-tab', 'ProfileTab'] },
      { path: 'email', page: ['email-tab', 'EmailTab'] },
      { path: 'password', page: ['password-tab', 'PasswordTab'] },
      { path: 'security', page: ['security-tab', 'SecurityTab'] },
      { path: 'sessions', page: ['sessions-tab', 'SessionsTab'] },
    ],
  },
  // A person whose firm requires a second factor sets one up before anything else.
  { path: '/account/two-factor', page: ['two-factor-setup-page', 'TwoFactorSetupPage'], access: 'session' },
]);
