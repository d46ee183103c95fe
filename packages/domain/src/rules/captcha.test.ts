import { describe, expect, it } from 'vitest';
import { CAPTCHA_PASS_SCORE, captchaPasses, captchaRequired, captchaScore } from './captcha.js';

describe('the sign-in captcha rules', () => {
  it('scores a verified solution 1 and anything else 0, passing at a score of 0.3', () => {
    expect(CAPTCHA_PASS_SCORE).toBe(0.3);
    expect([captchaScore(true), captchaScore(false)]).toEqual([1, 0]);
    expect([captchaPasses(1), captchaPasses(0.3), captchaPasses(0.29), captchaPasses(0)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('is required from the third failure of the account or of the address', () => {
    expect(captchaRequired({ account: 2, address: 2 })).toBe(false);
    expect(captchaRequired({ account: 3, address: 0 })).toBe(true);
    expect(captchaRequired({ account: 0, address: 3 })).toBe(true);
  });
});
