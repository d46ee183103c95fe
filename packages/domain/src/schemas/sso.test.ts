import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { serviceProviderBody, serviceProviderUpdateBody } from './sso.js';

const m = messages.sso;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUJ0c=\n-----END CERTIFICATE-----';
const valid = {
  key: 'orion',
  label: 'Orion',
  entity_id: 'https://orion.example.com/saml',
  acs_url: 'https://orion.example.com/saml/acs',
  certificate: PEM,
  attributes: ['last_name', 'email'],
};
const problems = (change: Record<string, unknown>) =>
  serviceProviderUpdateBody.safeParse({ ...valid, ...change }).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe("a service provider's settings", () => {
  it('keep the attributes in one order, each once, and default to an active provider without a start page', () => {
    expect(serviceProviderUpdateBody.parse({ ...valid, attributes: ['role', 'email', 'role'] })).toMatchObject({
      attributes: ['email', 'role'],
      relay_state: '',
      is_active: true,
    });
  });

  it('take a key fit for an address, a posting address on the web, and a PEM certificate', () => {
    expect(problems({ key: 'Orion' })).toEqual([['key', m.keyInvalid]]);
    expect(problems({ key: '-orion' })).toEqual([['key', m.keyInvalid]]);
    expect(problems({ key: 'orion-connect-2' })).toBeUndefined();
    expect(problems({ acs_url: 'data:text/html,x' })).toEqual([['acs_url', m.acsUrlInvalid]]);
  });

  it('post the signed response only over https, or plain http to this machine for testing', () => {
    expect(problems({ acs_url: 'http://orion.example.com/saml/acs' })).toEqual([['acs_url', m.acsUrlNotHttps]]);
    expect(problems({ acs_url: 'http://10.0.0.5:8080/acs' })).toEqual([['acs_url', m.acsUrlNotHttps]]);
    expect(problems({ acs_url: 'http://localhost.example.com/acs' })).toEqual([['acs_url', m.acsUrlNotHttps]]);
    expect(problems({ acs_url: 'http://127.0.0.1:4313/saml/acs' })).toBeUndefined();
    expect(problems({ acs_url: 'http://127.0.0.1@evil.example.com/acs' })).toEqual([['acs_url', m.acsUrlNotHttps]]);
    expect(problems({ acs_url: 'HTTP://orion.example.com/acs' })).toEqual([['acs_url', m.acsUrlNotHttps]]);
    expect(problems({ acs_url: 'http://localhost:8080/acs' })).toBeUndefined();
    expect(problems({ acs_url: 'https://orion.example.com/saml/acs' })).toBeUndefined();
    expect(problems({ certificate: 'MIIBszCCAVmgAwIBAgIUJ0c=' })).toEqual([['certificate', m.certificateInvalid]]);
    expect(problems({ certificate: '' })).toEqual([['certificate', m.certificateRequired]]);
  });

  it('sign the NameID persistent only: the field may be left out or say so, and nothing else', () => {
    expect(problems({})).toBeUndefined();
    expect(problems({ name_id_format: 'persistent' })).toBeUndefined();
    for (const other of ['email', 'unspecified', 'Persistent', null, ''])
      expect(problems({ name_id_format: other }), String(other)).toEqual([['name_id_format', m.nameIdPersistentOnly]]);
  });

  it('name a firm by an id the database can hold, or say to choose one', () => {
    const firmProblem = (firm: unknown) =>
      serviceProviderBody.safeParse({ ...valid, firm }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(firmProblem(2)).toBeUndefined();
    for (const firm of [0, -1, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1.5])
      expect(firmProblem(firm), String(firm)).toEqual([['firm', m.chooseFirm]]);
  });
});
