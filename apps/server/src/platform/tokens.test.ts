import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.js';

describe('token verification', () => {
  it('answers a verified token again until it expires, never after', async () => {
    const tokens = new TokenService('k'.repeat(64), 60);
    const now = Math.floor(Date.now() / 1000);
    const token = await tokens.sign(7, 'session-1', now, now);
    expect(await tokens.verify(token, now)).toMatchObject({ userId: 7, sessionId: 'session-1' });
    expect(await tokens.verify(token, now + 59)).toMatchObject({ userId: 7 });
    expect(await tokens.verify(token, now + 60)).toBeNull();
  });

  it('refuses a token with a changed signature even when the genuine one was verified before', async () => {
    const tokens = new TokenService('k'.repeat(64), 60);
    const token = await tokens.sign(7, 'session-1', Math.floor(Date.now() / 1000));
    expect(await tokens.verify(token)).not.toBeNull();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await new TokenService('x'.repeat(64), 60).verify(token)).toBeNull();
  });
});
