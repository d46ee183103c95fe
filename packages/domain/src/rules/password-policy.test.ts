import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { checkPassword, passwordLength } from './password-policy.js';

const isCommon = (p: string) => ['password1234', 'qwertyuiop12'].includes(p);

describe('password policy', () => {
  it('accepts a 12-character password with no composition rules', () => {
    expect(checkPassword('aaaaaaaaaaab')).toBeNull();
    expect(checkPassword('all lower case words')).toBeNull();
  });

  it('refuses fewer than 12 characters, counting each Unicode character once', () => {
    expect(checkPassword('short-pass!')).toBe(messages.password.tooShort);
    expect(passwordLength('ééééééééééé')).toBe(11);
    expect(checkPassword('ééééééééééé')).toBe(messages.password.tooShort);
    expect(checkPassword('😀😀😀😀😀😀😀😀😀😀😀😀')).toBeNull();
  });

  it('refuses more than 128 characters rather than truncating', () => {
    expect(checkPassword(`${'a'.repeat(128)}b`)).toBe(messages.password.tooLong);
    expect(checkPassword(`${'a'.repeat(127)}b`)).toBeNull();
  });

  it('refuses a common password whatever its case', () => {
    expect(checkPassword('Password1234', { isCommon })).toBe(messages.password.tooCommon);
  });

  it('refuses the email address as password', () => {
    expect(checkPassword('Someone@Example.com', { email: 'someone@example.com' })).toBe(messages.password.sameAsEmail);
  });
});
