/** Every user-facing message of the spec, verbatim, plus the portal's own where the spec is silent. */
export const messages = {
  auth: {
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
    csrfFailed: 'The request could not be verified (CSRF). Reload the page and try again.',
  },
  password: {
    tooShort: 'This password is too short. It must contain at least 12 characters.',
    tooLong: 'This password is too long. It must contain at most 128 characters.',
    tooCommon: 'This password is too common.',
    sameAsEmail: 'The password cannot be the same as your email address.',
  },
  settings: {
    personalInfoUpdated: 'Personal info updated',
    emailChanged: 'Email changed successfully',
    passwordChanged: 'Password changed successfully',
    emailTaken: 'A user with that email address already exists.',
    emailInvalid: 'Enter a valid email address.',
    forbiddenField: (field: string) => `You are not allowed to change ${field}.`,
    notYourAccount: 'You can only update your own personal info.',
  },
  users: {
    created: 'User created successfully.',
    updated: 'User updated.',
    deleted: 'User deleted successfully.',
  },
  firms: {
    created: 'Firm created successfully.',
    updated: 'Firm Updated successfully.',
    deleted: 'Firm deleted successfully.',
  },
  http: {
    badRequest: 'The request is not valid.',
    malformedJson: 'The request body is not valid JSON.',
    tooLarge: 'The request is too large.',
    unsupportedMediaType: 'The request must be sent as JSON.',
    notFound: 'Not found.',
    forbidden: 'You do not have permission to perform this action.',
    internal: 'Something went wrong on our side. Please try again.',
    required: 'This field is required.',
    unreachable: 'The server could not be reached. Check your connection and try again.',
    pageNotFound: 'The page you are looking for does not exist or has moved.',
  },
  footer: {
    disclaimer:
      'Investment advice offered through a registered investment advisor. The advisor may only transact business in those states in which it is registered, or qualifies for an exemption or exclusion from registration requirements.',
  },
} as const;
