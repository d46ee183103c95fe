import { describe, expect, it } from 'vitest';
import { maskEmail } from './email-mask.js';

describe('an address shown masked', () => {
  it('keeps the first letter and the domain only', () => {
    expect(maskEmail('chris.client@demo.test')).toBe('c•••@demo.test');
    expect(maskEmail('a@b.co')).toBe('a•••@b.co');
  });
  it('hides an address without a local part or an @ entirely', () => {
    expect(maskEmail('@demo.test')).toBe('•••');
    expect(maskEmail('nobody')).toBe('•••');
  });
});
