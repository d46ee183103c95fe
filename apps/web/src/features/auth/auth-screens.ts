import { defineScreens } from '../../lib/screens';

// Sign-in itself is not here: it ships with the entry (app/router.tsx), so it draws without a second download.
/** The account links: open to anyone, a mailed link's holder included. */
export const authScreens = defineScreens([
  { path: '/account/logout', page: ['logout-page', 'LogoutPage'], access: 'public' },
  { path: '/account/password/reset', page: ['forgot-password-page', 'ForgotPasswordPage'], access: 'public' },
  { path: '/account/password/reset/:uid/:token', page: ['password-reset-page', 'PasswordResetPage'], access: 'public' },
  { path: '/account/email/confirm/:uid/:token', page: ['confirm-email-page', 'ConfirmEmailPage'], access: 'public' },
  { path: '/account/activate/:uid/:token', page: ['activate-account-page', 'ActivateAccountPage'], access: 'public' },
]);
