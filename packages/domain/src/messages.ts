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
    resetThrottled: (minutes: number) =>
      `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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
    firmRequired: 'Select a firm.',
    firmUnknown: 'Select an existing firm.',
    profileTypeRequired: 'Select a profile type.',
    lastNameRequired: 'Enter the last name.',
    advisorInvalid: "Select an advisor of the user's firm.",
    cannotDeleteSelf: 'You cannot delete your own account.',
    cannotDeactivateSelf: 'You cannot deactivate your own account.',
    ownEmailInSettings: 'Change your own email address in Settings, on the Email tab.',
    superAccountOnly: 'Only a super administrator can change a super administrator or super CCO account.',
    activationSent: 'An activation link was sent to the user.',
    deactivatedNoLink: 'This account was deactivated. Mark it active before sending an activation link.',
    empty: 'No users found.',
    loadingAdvisors: 'Loading advisors',
    /** A stored advisor who is no longer on the firm's active list. */
    unlistedAdvisor: (id: number) => `Advisor #${id}`,
    noMatchingAdvisor: 'No matching advisor',
  },
  firms: {
    created: 'Firm created successfully.',
    updated: 'Firm Updated successfully.',
    deleted: 'Firm deleted successfully.',
    nameRequired: 'Firm name is required.',
    hasMembers: (n: number) =>
      `This firm cannot be deleted: ${n} user${n === 1 ? ' belongs' : 's belong'} to it (deleted users count too, since their records name the firm).`,
    logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
    logoSize: 'The logo must be at most 512 KB.',
    logoNotImage: (type: string) =>
      `The file is not a ${type.replace('image/', '').toUpperCase()} image. Upload a PNG, JPEG, WebP or GIF image.`,
    empty: 'No firms found.',
    noMatchingFirm: 'No matching firm',
    noLogo: 'No logo uploaded.',
  },
  /** Server-paged lists (the shared DataTable) and their confirmations. */
  lists: {
    recordCount: (count: number) => (count === 1 ? '1 record' : `${count} records`),
    loading: 'Loading…',
    deleteTitle: (name: string) => `Delete ${name}`,
    deleteQuestion: (name: string) => `Are you sure you want to delete ${name}?`,
  },
  states: {
    noMatch: 'No matching state',
  },
  home: {
    empty: 'There is nothing to show here yet.',
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
    badCharacter: 'This field contains a character that is not allowed.',
    rowNotOwned: 'This row does not belong to this record.',
    unreachable: 'The server could not be reached. Check your connection and try again.',
    pageNotFound: 'The page you are looking for does not exist or has moved.',
  },
  footer: {
    disclaimer:
      'Investment advice offered through a registered investment advisor. The advisor may only transact business in those states in which it is registered, or qualifies for an exemption or exclusion from registration requirements.',
  },
} as const;
