import { messages, type PortalSettings } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmWithPeople } from '../../testing/firm-fixture.js';
import { buildTestApp, json, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/api/portal_settings/';
const read = async (headers: Record<string, string>) => json<PortalSettings>(await t.app.inject({ url: URL, headers }));

describe("a firm's coming-soon settings", () => {
  it('an administrator switches entries off with a countdown; everyone of the firm reads it, other firms not', async () => {
    const { admin, client, staff } = await firmWithPeople(t, ['admin', 'client', 'staff']);
    const { staff: outsider } = await firmWithPeople(t, ['staff']);
    const defaults = { switched_off: [], coming_soon_target: null, coming_soon_message: null };
    expect(await read(client.headers)).toEqual(defaults);

    const body = {
      switched_off: ['/staff-directory/', '/compliance/attestations', '/staff-directory/'],
      coming_soon_target: '2027-01-15T09:00:00-05:00',
      coming_soon_message: ' Our new calendar opens in January. ',
    };
    const saved = await t.app.inject({ method: 'PUT', url: URL, headers: admin.headers, payload: body });
    expect(saved.statusCode).toBe(200);
    const expected = {
      switched_off: ['/staff-directory/', '/compliance/attestations'],
      coming_soon_target: '2027-01-15T14:00:00.000Z',
      coming_soon_message: 'Our new calendar opens in January.',
    };
    expect(json(saved)).toEqual(expected);
    expect(await read(client.headers)).toEqual(expected);
    expect(await read(outsider.headers)).toEqual(defaults);
    expect((await t.app.inject({ method: 'PUT', url: URL, headers: staff.headers, payload: body })).statusCode).toBe(
      403,
    );
  });

  it('refuses an entry that is not a switchable menu entry, or a target that is not a date and time', async () => {
    const { admin } = await firmWithPeople(t, ['admin']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: admin.headers,
      payload: { switched_off: ['/users/'], coming_soon_target: null },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).detail).toBe(messages.comingSoon.unknownEntry);
    const date = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: admin.headers,
      payload: { switched_off: [], coming_soon_target: 'next week' },
    });
    expect(json(date).detail).toBe(messages.comingSoon.targetFormat);
  });
});
