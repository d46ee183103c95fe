/**
 * The sign-in captcha, whose pass score is 0.3. A proof of work is either
 * solved or not, so a verified solution scores 1 and anything else 0; the pass mark stays 0.3.
 */
export const CAPTCHA_PASS_SCORE = 0.3;

/** Failed sign-ins (of one account, or from one address) within the window after which the captcha is asked. */
export const CAPTCHA_AFTER_FAILURES = 3;

export const captchaScore = (verified: boolean) => (verified ? 1 : 0);
export const captchaPasses = (score: number) => score >= CAPTCHA_PASS_SCORE;

/** Whether a sign-in must carry a solved captcha, from the failures counted for its account and its address. */
export const captchaRequired = (failures: { account: number; address: number }) =>
  failures.account >= CAPTCHA_AFTER_FAILURES || failures.address >= CAPTCHA_AFTER_FAILURES;
