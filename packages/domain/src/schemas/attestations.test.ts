import { describe, expect, it } from 'vitest';
import '../schemas/zod-messages.js';
import { messages } from '../messages.js';
import { amount, attestationFields } from './attestations.js';

const messageOf = (value: unknown) => {
  const parsed = amount('Enter an amount.').safeParse(value);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('an amount of money', () => {
  it.each([
    ['250.00', null],
    [250, null],
    ['', ['Enter an amount.']],
    ['12.345', ['Enter an amount in dollars with at most 2 decimals, such as 250.00.']],
    ['0', ['The amount must be positive: enter an amount greater than zero.']],
    // A negative amount is not a formatting slip: say what is wrong with it.
    ['-5', ['The amount must be positive: enter an amount greater than zero.']],
    [-5, ['The amount must be positive: enter an amount greater than zero.']],
  ])('%s → %s', (value, expected) => {
    expect(messageOf(value)).toEqual(expected);
  });
});

describe("a filer's email addresses", () => {
  it.each([
    ['sid@example.test', true],
    ['', true],
    [null, true],
    ['not-an-email', false],
  ])('%s → valid: %s', (value, valid) => {
    const parsed = attestationFields.Work_Email__c.write.safeParse(value);
    expect(parsed.success).toBe(valid);
    if (!valid) expect(parsed.error?.issues[0].message).toBe(messages.validation.email);
  });
});
