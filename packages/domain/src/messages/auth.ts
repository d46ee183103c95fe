export const authMessages = {
  loginFailed: 'Incorrect email address and/or password.',
  enterEmail: 'Please enter your email address.',
  enterPassword: 'Please enter your password.',
  loggedOut: 'You have successfully logged out.',
  checkInbox:
    "Check your inbox for the next steps. If you don't receive an email, and it's not in your spam folder this could mean you signed up with a different address.",
  resetComplete: 'Your password has been reset successfully with the new password.',
  accountActivated: 'Your account was activated successfully!',
  setPasswordPrompt: 'Please set the password for your account.',
  invalidLink: 'This link is invalid or has expired. Please request a new one.',
  notAuthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  invalidToken: 'The token is invalid or has expired.',
  refreshExpired: 'The token can no longer be refreshed. Please sign in again.',
  passwordMismatch: 'The two password fields didn’t match.',
  currentPasswordWrong: 'Your current password was entered incorrectly.',
  resetRequested: 'If an account exists for that address, a password reset link has been sent to it.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  resetThrottled: (minutes: number) =>
    `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  csrfFailed: 'The request could not be verified (CSRF). Reload the page and try again.',
  // The sign-in page's second step; its server answers are in messages/two-factor.ts.
  mfaTitle: 'Two-factor sign-in',
  mfaPrompt: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  mfaCode: 'Code',
  mfaEnterCode: 'Please enter the code.',
  mfaVerify: 'Verify',
  mfaUsePasskey: 'Use a passkey',
  mfaStartOver: 'Back to sign-in',
  captchaRequired:
    'There were several failed sign-in attempts. The check below runs by itself: when it shows Verified, log in again.',
  captchaInvalid:
    'The check has expired or was already used. A new one starts below: when it shows Verified, log in again.',
  captchaLabel: 'Verify you are human',
  idleSignedOut: (minutes: number) =>
    `You were signed out after ${minutes} minutes without activity. Please sign in again.`,
  sessionEnded:
    'You were signed out: this session was ended from another session, by an administrator, or by a password change. Please sign in again.',
  /** A session held at two-factor set-up (the shell sends the person to set-up on this 403). */
  mfaSetupRequired:
    'Your firm requires two-factor sign-in for your account. Set up a second factor (Settings → Security) to continue.',
} as const;
