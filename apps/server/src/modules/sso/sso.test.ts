import { type FirmLink, messages, ProfileType, type ServiceProvider } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { auditEvents, users } from '../../db/schema/index.js';
import { generateSigningPair } from '../../platform/saml-keys.js';
import { createFirm } from '../../testing/factories.js';
import { testServiceProvider, testSigningPair } from '../../testing/saml-fixtures.js';
import { buildTestApp, cookieSessionOf, json, signedInAs, type TestApp } from '../../testing/test-app.js';

const m = messages.sso;
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
/** An opaque NameID: an HMAC-SHA-256 in base64url. */
const OPAQUE = /^[A-Za-z0-9_-]{43}$/;
/** The portal's clock: the real one unless a test moves it. */
let clock: Date | null = null;
let t: TestApp;
let idpMetadata: string;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock ?? new Date() });
  const res = await t.app.inject({ url: '/api/sso/metadata/' });
  idpMetadata = res.body;
});
afterAll(() => t.close());

/** The app run for a moment with another IdP key set-up. */
async function withSso<T>(sso: Config['sso'], run: () => Promise<T>) {
  const kept = t.deps.config.sso;
  t.deps.config.sso = sso;
  try {
    return await run();
  } finally {
    t.deps.config.sso = kept;
  }
}

/**
 * A firm with its administrator, a financial advisor (whose address is verified), a client, and its
 * portfolio system: a service provider of its own, since an entity ID is registered once on the portal.
 */
async function ssoFirm(name = 'Harbor Wealth') {
  const firm = await createFirm(t.deps.db, { name });
  const orion = testServiceProvider(
    `https://orion.example.test/${firm.id}/saml`,
    `https://orion.example.test/${firm.id}/saml/acs`,
  );
  const admin = await signedInAs(t, { profile: { firmId: firm.id, profileType: ProfileType.Administrator } });
  const advisor = await signedInAs(t, {
    email: `avery.${firm.id}@harbor.test`,
    emailVerifiedAt: new Date(),
    firstName: 'Avery',
    lastName: "O'Neil & Sons",
    profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
  });
  const client = await signedInAs(t, {
    advisorId: advisor.user.id,
    profile: { firmId: firm.id, profileType: ProfileType.Client },
  });
  const configure = async (overrides: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sso/service_providers/',
      headers: admin.headers,
      payload: {
        firm: firm.id,
        key: 'orion',
        label: 'Orion',
        entity_id: orion.entityId,
        acs_url: orion.acsUrl,
        certificate: orion.certificate,
        attributes: ['email', 'first_name', 'last_name', 'firm', 'role'],
        relay_state: 'https://orion.example.test/dashboard',
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<ServiceProvider>(res);
  };
  return { firm, orion, admin, advisor, client, configure };
}

/** What a browser gets from the sign-on: the page, and the form it posts. */
async function signOn(headers: Record<string, string>, key = 'orion') {
  const res = await t.app.inject({ url: `/api/sso/init/?sp=${key}`, headers });
  const field = (name: string) =>
    res.body.match(new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&amp;', '&');
  const samlResponse = field('SAMLResponse') ?? '';
  return {
    res,
    action: res.body.match(/<form id="sso" method="post" action="([^"]+)"/)?.[1],
    samlResponse,
    xml: Buffer.from(samlResponse, 'base64').toString('utf8'),
    relayState: field('RelayState'),
  };
}

/** The audit event of the last sign-on to a provider. */
async function lastSignOn(providerId: number) {
  const events = await t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'sso'), eq(auditEvents.entityId, String(providerId))));
  return events.at(-1);
}

describe('single sign-on to a portfolio system (the portal as a SAML identity provider)', () => {
  it("posts a signed response for the signed-in person to the service provider, which verifies it with the portal's metadata", async () => {
    const { advisor, orion, configure, firm } = await ssoFirm();
    const sp = await configure();
    const { res, action, samlResponse, xml, relayState } = await signOn(advisor.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // The page's one script runs by its nonce; nothing else runs, and the page is never framed.
    const csp = String(res.headers['content-security-policy']);
    const nonce = csp.match(/script-src 'nonce-([^']+)'/)?.[1];
    expect(res.body).toContain(`<script nonce="${nonce}">document.getElementById('sso').submit();</script>`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.body).toContain(`<noscript><p>${m.noScript}</p><button type="submit">${m.continue}</button></noscript>`);
    expect(action).toBe(orion.acsUrl);
    expect(relayState).toBe('https://orion.example.test/dashboard');

    const login = await orion.accept(idpMetadata, samlResponse);
    expect(login).toEqual({
      // The subject is an opaque id, never the address: the email travels as an attribute only.
      nameID: expect.stringMatching(OPAQUE),
      nameIDFormat: PERSISTENT,
      audience: orion.entityId,
      destination: orion.acsUrl,
      issuer: 'http://portal.test/api/sso/metadata/',
      attributes: {
        email: advisor.user.email,
        first_name: 'Avery',
        last_name: "O'Neil & Sons",
        firm: 'Harbor Wealth',
        role: 'Financial Advisor',
      },
    });
    // Both the assertion and the response carry a signature.
    expect(xml.match(/<ds:Signature /g)?.length ?? xml.match(/<ds:Signature>/g)?.length).toBe(2);
    expect(xml).not.toContain('InResponseTo');

    const event = await lastSignOn(sp.id);
    expect(event).toMatchObject({ actorId: advisor.user.id, firmId: firm.id, entity: 'sso_service_provider' });
    expect(event?.changes).toMatchObject({
      service_provider: 'orion',
      name_id_format: 'persistent',
      attributes: ['email', 'first_name', 'last_name', 'firm', 'role'],
    });
  });

  it('names the person by a persistent opaque id: the same at each sign-on, another for another person and at another provider', async () => {
    const { firm, orion, advisor, configure } = await ssoFirm();
    const colleague = await signedInAs(t, {
      emailVerifiedAt: new Date(),
      profile: { firmId: firm.id, profileType: ProfileType.FinancialAdvisor },
    });
    const sp = await configure({ attributes: ['role'], relay_state: '' });
    expect(sp.name_id_format).toBe('persistent');
    const other = testServiceProvider(`https://other.example.test/${firm.id}`, 'https://other.example.test/acs');
    await configure({ key: 'other', entity_id: other.entityId, acs_url: other.acsUrl, certificate: other.certificate });

    const first = await signOn(advisor.headers);
    expect(first.relayState).toBeUndefined();
    const login = await orion.accept(idpMetadata, first.samlResponse);
    expect(login.nameIDFormat).toBe(PERSISTENT);
    expect(login.nameID).toMatch(OPAQUE);
    // Only the attributes chosen.
    expect(login.attributes).toEqual({ role: 'Financial Advisor' });
    expect(first.xml).not.toContain(advisor.user.email);

    const again = await orion.accept(idpMetadata, (await signOn(advisor.headers)).samlResponse);
    expect(again.nameID).toBe(login.nameID);
    const theColleague = await orion.accept(idpMetadata, (await signOn(colleague.headers)).samlResponse);
    expect(theColleague.nameID).toMatch(OPAQUE);
    expect(theColleague.nameID).not.toBe(login.nameID);
    const elsewhere = await other.accept(idpMetadata, (await signOn(advisor.headers, 'other')).samlResponse);
    expect(elsewhere.nameID).toMatch(OPAQUE);
    expect(elsewhere.nameID).not.toBe(login.nameID);
  });

  it('sends the email only once the person has proven it: an unverified address, or one changed without proof, never reaches the provider', async () => {
    const { firm, orion, advisor, configure } = await ssoFirm();
    const sp = await configure();
    const unverified = await signedInAs(t, {
      email: `new.${firm.id}@harbor.test`,
      emailVerifiedAt: null,
      profile: { firmId: firm.id, profileType: ProfileType.StandardUser },
    });
    const fresh = await signOn(unverified.headers);
    const login = await orion.accept(idpMetadata, fresh.samlResponse);
    expect(login.nameID).toMatch(OPAQUE);
    expect(login.attributes).toEqual({
      first_name: unverified.user.firstName,
      last_name: unverified.user.lastName,
      firm: 'Harbor Wealth',
      role: 'Standard User',
    });
    expect(fresh.xml).not.toContain(unverified.user.email);
    expect((await lastSignOn(sp.id))?.changes).toMatchObject({
      attributes: ['first_name', 'last_name', 'firm', 'role'],
    });

    // A verified address replaced behind the portal's back: the provider still knows the person by the
    // same id, and gets no address at all rather than the unproven one.
    const before = await orion.accept(idpMetadata, (await signOn(advisor.headers)).samlResponse);
    expect(before.attributes.email).toBe(advisor.user.email);
    await t.database.db
      .update(users)
      .set({ email: `ceo.${firm.id}@harbor.test`, emailVerifiedAt: null })
      .where(eq(users.id, advisor.user.id));
    const changed = await signOn(advisor.headers);
    const after = await orion.accept(idpMetadata, changed.samlResponse);
    expect(after.nameID).toBe(before.nameID);
    expect(after.attributes).not.toHaveProperty('email');
    expect(changed.xml).not.toContain(`ceo.${firm.id}@harbor.test`);
  });

  it('the service provider refuses a response for another provider, changed on its way, signed by another key, replayed or expired', async () => {
    const { firm, orion, advisor, configure } = await ssoFirm();
    await configure();
    const { samlResponse, xml } = await signOn(advisor.headers);

    // Another provider (another entity ID, even at the same address) is not the audience.
    const bystander = testServiceProvider(`https://bystander.example.test/${firm.id}`, orion.acsUrl);
    await expect(bystander.accept(idpMetadata, samlResponse)).rejects.toThrow(/ERR_AUDIENCE/);

    const tampered = Buffer.from(xml.replaceAll('Avery', 'Mallory')).toString('base64');
    await expect(orion.accept(idpMetadata, tampered)).rejects.toThrow();

    // The portal's metadata had another certificate: the signature does not verify against it.
    const impostor = generateSigningPair('Impostor', new Date(), 1, 2048);
    const metadataOfImpostor = await withSso({ signing: () => impostor, nextCert: null }, () =>
      t.app.inject({ url: '/api/sso/metadata/' }),
    );
    await expect(orion.accept(metadataOfImpostor.body, samlResponse)).rejects.toThrow(/CERTIFICATE/);

    // Accepted once, by its provider; the same response posted again is refused.
    expect((await orion.accept(idpMetadata, samlResponse)).audience).toBe(orion.entityId);
    await expect(orion.accept(idpMetadata, samlResponse)).rejects.toThrow(/ERR_REPLAYED/);

    // A response issued six minutes ago (the portal's clock moved back) has expired on arrival.
    clock = new Date(Date.now() - 6 * 60_000);
    const late = await signOn(advisor.headers).finally(() => {
      clock = null;
    });
    expect(late.res.statusCode).toBe(200);
    await expect(orion.accept(idpMetadata, late.samlResponse)).rejects.toThrow(/ERR_SUBJECT_UNCONFIRMED/);
  });

  it("signs in only to the person's own firm's active providers, and only its staff", async () => {
    const own = await ssoFirm();
    const other = await ssoFirm('Other Wealth');
    await own.configure();
    await own.configure({ key: 'paused', is_active: false, entity_id: `https://paused.example.test/${own.firm.id}` });
    await other.configure({ key: 'theirs' });
    for (const key of ['theirs', 'nothing', 'paused', 'ORION', '']) {
      const { res } = await signOn(own.advisor.headers, key);
      expect(`${key}: ${res.statusCode}`).toBe(`${key}: 404`);
      expect(json(res).detail).toBe(m.notFound);
    }
    const client = await signOn(own.client.headers);
    expect(client.res.statusCode).toBe(403);
    expect(json(client.res).detail).toBe(m.notForYou);
    // A super admin of another firm reaches that firm's setup, not a sign-on as a member of it.
    const superAdmin = await signedInAs(t, {
      profile: { firmId: other.firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    expect((await signOn(superAdmin.headers)).res.statusCode).toBe(404);
  });
  it('in a browser: started from the portal with the session cookie, refused when another site starts it, a page when refused', async () => {
    const { advisor, configure } = await ssoFirm();
    await configure();
    const session = await cookieSessionOf(t, advisor.user.email);
    const browser = { cookie: session.cookie, accept: 'text/html,application/xhtml+xml' };
    const fromPortal = await signOn({ ...browser, 'sec-fetch-site': 'same-origin' });
    expect(fromPortal.res.statusCode).toBe(200);
    expect(fromPortal.samlResponse).not.toBe('');
    const fromElsewhere = await signOn({ ...browser, 'sec-fetch-site': 'cross-site' });
    expect(fromElsewhere.res.statusCode).toBe(403);
    expect(fromElsewhere.res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(fromElsewhere.res.body).toContain(m.crossSite);
    expect(fromElsewhere.samlResponse).toBe('');
    const signedOut = await signOn({ accept: 'text/html' });
    expect(signedOut.res.statusCode).toBe(401);
    expect(signedOut.res.body).toContain(messages.auth.notAuthenticated);
    expect(signedOut.res.body).toContain('href="http://portal.test/"');
  });

  it('publishes the metadata: the entity ID, the signing certificate, and the next one ahead of a rotation', async () => {
    expect(idpMetadata).toContain('entityID="http://portal.test/api/sso/metadata/"');
    expect(idpMetadata).toContain('Location="http://portal.test/api/sso/init/"');
    // The one NameID format it signs.
    expect(idpMetadata.match(/<(?:md:)?NameIDFormat>([^<]+)</g)).toEqual([expect.stringContaining(PERSISTENT)]);
    const next = generateSigningPair('Next', new Date(), 1, 2048);
    const res = await withSso({ signing: testSigningPair, nextCert: next.cert }, () =>
      t.app.inject({ url: '/api/sso/metadata/' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = (pem: string) => pem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(res.body).toContain(body(testSigningPair().cert));
    expect(res.body).toContain(body(next.cert));
    // Production without a key in its environment: single sign-on is off, and says so.
    const off = await withSso({ signing: () => null, nextCert: null }, () =>
      t.app.inject({ url: '/api/sso/metadata/' }),
    );
    expect(off.statusCode).toBe(503);
    expect(json(off).detail).toBe(m.notConfigured);
  });
});

describe("a firm's service providers", () => {
  const post = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/sso/service_providers/', headers, payload });

  it('are checked field by field, the certificate read and refused when expired; the NameID is persistent or nothing', async () => {
    const { firm, orion, admin } = await ssoFirm();
    const valid = {
      firm: firm.id,
      key: 'orion',
      label: 'Orion',
      entity_id: orion.entityId,
      acs_url: orion.acsUrl,
      certificate: orion.certificate,
      attributes: ['email'],
    };
    const expired = generateSigningPair('Old SP', new Date('2020-01-01T00:00:00Z'), 1, 2048).cert;
    const garbled = orion.certificate.replace(/[A-Za-z]{20}/, 'AAAAAAAAAAAAAAAAAAAA');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ key: 'Orion SSO' }, { key: m.keyInvalid }],
      [{ key: '' }, { key: m.keyRequired }],
      [{ label: ' ' }, { label: m.labelRequired }],
      [{ entity_id: '' }, { entity_id: m.entityIdRequired }],
      [{ acs_url: 'javascript:alert(1)' }, { acs_url: m.acsUrlInvalid }],
      [{ acs_url: 'http://orion.example.test/saml/acs' }, { acs_url: m.acsUrlNotHttps }],
      [{ certificate: 'hello' }, { certificate: m.certificateInvalid }],
      [{ certificate: garbled }, { certificate: m.certificateInvalid }],
      [{ certificate: expired }, { certificate: m.certificateExpired('12/31/2020') }],
      // The formats that named the person by something they can change, or by their number, are gone.
      [{ name_id_format: 'email' }, { name_id_format: m.nameIdPersistentOnly }],
      [{ name_id_format: 'unspecified' }, { name_id_format: m.nameIdPersistentOnly }],
      [{ name_id_format: null }, { name_id_format: m.nameIdPersistentOnly }],
      [{ attributes: ['ssn'] }, { 'attributes.0': m.attributeUnknown }],
    ];
    for (const [change, fields] of cases) {
      const res = await post(admin.headers, { ...valid, ...change });
      expect(`${JSON.stringify(change).slice(0, 40)} ${res.statusCode}`).toBe(
        `${JSON.stringify(change).slice(0, 40)} 400`,
      );
      expect(json(res).fields).toEqual(fields);
    }
    expect(json(await post(admin.headers, { ...valid, name_id_format: 'email' })).detail).toBe(m.nameIdPersistentOnly);
    const made = json<ServiceProvider>(await post(admin.headers, { ...valid, attributes: ['role', 'email', 'role'] }));
    expect(made).toMatchObject({
      key: 'orion',
      name_id_format: 'persistent',
      attributes: ['email', 'role'],
      relay_state: '',
      is_active: true,
      certificate_subject: `CN=Test SP ${orion.entityId}`,
    });
    expect(made).not.toHaveProperty('name_id_secret');
    const twice = await post(admin.headers, {
      ...valid,
      label: 'Orion again',
      entity_id: 'https://again.example.test',
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual({ detail: m.duplicate, fields: { key: m.duplicate } });
    // A client that still sends the field, saying 'persistent', is served as before.
    const stated = await post(admin.headers, {
      ...valid,
      key: 'stated',
      entity_id: 'https://stated.example.test',
      name_id_format: 'persistent',
    });
    expect(stated.statusCode).toBe(201);
    expect(json(stated).name_id_format).toBe('persistent');
  });

  it("an entity ID is registered once on the portal: another firm's administrator cannot aim the assertions at a registered provider", async () => {
    const alpha = await ssoFirm('Alpha Wealth');
    const bravo = await ssoFirm('Bravo Wealth');
    await alpha.configure();
    const register = (entityId: string) =>
      post(bravo.admin.headers, {
        firm: bravo.firm.id,
        key: 'orion',
        label: 'Orion',
        entity_id: entityId,
        acs_url: 'https://bravo.example.test/acs',
        certificate: bravo.orion.certificate,
        attributes: ['email'],
      });
    const taken = { detail: m.entityIdTaken, fields: { entity_id: m.entityIdTaken } };
    const theirs = alpha.orion.entityId;
    for (const entityId of [theirs, theirs.toUpperCase(), theirs.replace('orion.example', 'Orion.Example')]) {
      const res = await register(entityId);
      expect(`${entityId} ${res.statusCode}`).toBe(`${entityId} 409`);
      expect(json(res)).toEqual(taken);
      expect(res.body).not.toContain('Alpha');
    }
    // Nor by changing a provider of its own to it.
    const own = json<ServiceProvider>(await register(bravo.orion.entityId));
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/sso/service_providers/${own.id}/`,
      headers: bravo.admin.headers,
      payload: { ...own, entity_id: theirs.toUpperCase() },
    });
    expect(moved.statusCode).toBe(409);
    expect(json(moved)).toEqual(taken);
    // Within a firm too: one provider, one registration.
    const twice = await post(alpha.admin.headers, {
      firm: alpha.firm.id,
      key: 'orion-2',
      label: 'Orion 2',
      entity_id: theirs,
      acs_url: alpha.orion.acsUrl,
      certificate: alpha.orion.certificate,
      attributes: [],
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual(taken);
    // Each firm's sign-on still reaches its own provider only.
    expect((await alpha.orion.accept(idpMetadata, (await signOn(alpha.advisor.headers)).samlResponse)).audience).toBe(
      theirs,
    );
    expect((await signOn(bravo.advisor.headers)).action).toBe('https://bravo.example.test/acs');
  });

  it('a portfolio-system link signs in through one; the link follows a renamed key and keeps its provider from removal', async () => {
    const { firm, admin, advisor, configure } = await ssoFirm();
    const other = await ssoFirm('Other Wealth');
    const sp = await configure();
    await other.configure({ key: 'theirs' });
    const link = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/firm_links/',
        headers: admin.headers,
        payload: {
          firm: firm.id,
          kind: 'portfolio',
          label: 'Orion',
          url: 'https://login.orion.example.test',
          ...payload,
        },
      });
    expect(json(await link({ service_provider: 'theirs' })).fields).toEqual({ service_provider: m.linkUnknown });
    expect(json(await link({ kind: 'help_portal', service_provider: 'orion' })).fields).toEqual({
      service_provider: m.linkPortfolioOnly,
    });
    const made = await link({ service_provider: 'orion' });
    expect(made.statusCode).toBe(201);
    const menu = async () =>
      json<{ results: FirmLink[] }>(await t.app.inject({ url: '/api/firm_links/', headers: advisor.headers })).results;
    expect((await menu()).map((l) => l.service_provider)).toEqual(['orion']);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/sso/service_providers/${sp.id}/`,
      headers: admin.headers,
      payload: { ...sp, key: 'orion-connect', label: 'Orion Connect' },
    });
    expect(json(renamed)).toMatchObject({ key: 'orion-connect', label: 'Orion Connect' });
    expect((await menu()).map((l) => l.service_provider)).toEqual(['orion-connect']);
    expect((await signOn(advisor.headers, 'orion-connect')).res.statusCode).toBe(200);
    const [change] = await t.deps.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'update'), eq(auditEvents.entityId, String(sp.id))));
    expect(change.changes).toEqual({
      key: { from: 'orion', to: 'orion-connect' },
      label: { from: 'Orion', to: 'Orion Connect' },
    });

    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/sso/service_providers/${sp.id}/`, headers: admin.headers });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toBe(m.inUse);
    const { id } = json<FirmLink>(made);
    await t.app.inject({
      method: 'PUT',
      url: `/api/firm_links/${id}/`,
      headers: admin.headers,
      payload: { kind: 'portfolio', label: 'Orion', url: 'https://login.orion.example.test', service_provider: null },
    });
    expect((await remove()).statusCode).toBe(204);
    expect((await signOn(advisor.headers, 'orion-connect')).res.statusCode).toBe(404);
  });

  it("are listed for the firm's administrators, searched and sorted on the server", async () => {
    const { firm, admin, advisor, configure } = await ssoFirm();
    await configure({ key: 'orion', label: 'Orion' });
    await configure({ key: 'black-diamond', label: 'Black Diamond', entity_id: 'https://bd.example.test' });
    await configure({ key: 'addepar', label: 'Addepar', entity_id: 'https://addepar.example.test' });
    const list = async (query: string, headers = admin.headers) =>
      t.app.inject({ url: `/api/sso/service_providers/?firm=${firm.id}&${query}`, headers });
    const labels = async (query: string) =>
      json<{ results: ServiceProvider[] }>(await list(query)).results.map((s) => s.label);
    expect(await labels('')).toEqual(['Addepar', 'Black Diamond', 'Orion']);
    expect(await labels('ordering=-key')).toEqual(['Orion', 'Black Diamond', 'Addepar']);
    expect(await labels('search=diamond')).toEqual(['Black Diamond']);
    expect(await labels('search=addepar.example')).toEqual(['Addepar']);
    expect(json(await list('page_size=2')).count).toBe(3);
    expect((await list('', advisor.headers)).statusCode).toBe(403);
    // The page read before shows one configured after it.
    await configure({ key: 'envestnet', label: 'Envestnet', entity_id: 'https://envestnet.example.test' });
    expect(await labels('')).toEqual(['Addepar', 'Black Diamond', 'Envestnet', 'Orion']);
  });
});
