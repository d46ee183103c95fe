export const passwordMessages = {
  tooShort: 'This password is too short. It must contain at least 12 characters.',
  tooLong: 'This password is too long. It must contain at most 128 characters.',
  tooCommon: 'This password is too common.',
  sameAsEmail: 'The password cannot be the same as your email address.',
} as const;
