export const settingsMessages = {
  personalInfoUpdated: 'Personal info updated',
  emailChanged: 'Email changed successfully',
  passwordChanged: 'Password changed successfully',
  emailTaken: 'A user with that email address already exists.',
  emailInvalid: 'Enter a valid email address.',
  forbiddenField: (field: string) => `You are not allowed to change ${field}.`,
  notYourAccount: 'You can only update your own personal info.',
  currentPassword: 'Current password',
} as const;
