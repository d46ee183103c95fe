import { messages } from '../messages.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Counts user-perceived code points, so 'é' or an emoji is one character, never truncated. */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length;
}

/**
 * NIST 800-63B style: length only, no composition rules, refused when common or equal to the email.
 * `isCommon` is injected so this rule stays free of the 49,000-entry list (the server owns it).
 */
export function checkPassword(
  password: string,
  opts: { email?: string | null; isCommon?: (candidate: string) => boolean } = {},
): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return messages.password.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return messages.password.tooLong;
  if (opts.email && password.trim().toLowerCase() === opts.email.trim().toLowerCase()) {
    return messages.password.sameAsEmail;
  }
  if (opts.isCommon?.(password.toLowerCase())) return messages.password.tooCommon;
  return null;
}
