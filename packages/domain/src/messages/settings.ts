export const settingsMessages = {
  personalInfoUpdated: 'Personal info updated',
  emailChanged: 'Email changed successfully',
  passwordChanged: 'Password changed successfully',
  emailTaken: 'A user with that email address already exists.',
  emailInvalid: 'Enter a valid email address.',
  forbiddenField: (field: string) => `You are not allowed to change ${field}.`,
  notYourAccount: 'You can only update your own personal info.',
  currentPassword: 'Current password',
  sameEmail: 'This is already your email address.',
  /** An address change waits for its owner to open the link mailed to the new address. */
  emailChangeRequested: (email: string) =>
    `We sent a confirmation link to ${email}. Your email address changes when you open it (within 24 hours).`,
  emailChangePending: (email: string) => `Waiting for confirmation: ${email}`,
  emailChangePendingHint:
    'Until the link mailed there is opened, you sign in and receive mail at your current address.',
  emailChangeResent: (email: string) => `We sent a new confirmation link to ${email}.`,
  emailChangeCancelled: 'The email address change was cancelled.',
  noEmailChangePending: 'No email address change is waiting for confirmation.',
  resendEmailChange: 'Resend link',
  cancelEmailChange: 'Cancel change',
  confirmEmailTitle: 'Confirm your new email address',
  confirmEmailPrompt: 'Confirm the change of your portal email address to the address this link was sent to.',
  confirmEmailPasswordPrompt:
    'An administrator or advisor of your firm asked for this change. Enter the account’s portal password to confirm that it is yours.',
  confirmEmailPasswordRequired: 'Enter your portal password to confirm this change.',
  confirmEmailButton: 'Confirm email address',
  confirmEmailWhat: (account: string, email: string) =>
    `Change the email address of the portal account ${account} to ${email}.`,
  confirmEmailPasswordWrong:
    'That is not the password of this account. After three wrong passwords the link stops working.',
  confirmEmailNewLink:
    'To get a new link, sign in and resend it from Settings, on the Email tab, or ask whoever changed it.',
  emailChangeThrottled: (minutes: number) =>
    `Too many email address changes were asked for. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  confirmEmailSignIn: 'Sign in with your new address.',
} as const;
