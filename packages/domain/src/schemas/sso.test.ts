import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { serviceProviderUpdateBody } from './sso.js';

const m = messages.sso;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUJ0c=\n-----END CERTIFICATE-----';
const valid = {
  key: 'orion',
  label: 'Orion',
  entity_id: 'https://orion.example.com/saml',
  acs_url: 'https://orion.example.com/saml/acs',
  certificate: PEM,
  name_id_format: 'email',
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
    expect(problems({ certificate: 'MIIBszCCAVmgAwIBAgIUJ0c=' })).toEqual([['certificate', m.certificateInvalid]]);
    expect(problems({ certificate: '' })).toEqual([['certificate', m.certificateRequired]]);
    expect(problems({ name_id_format: 'kerberos' })).toEqual([['name_id_format', m.chooseNameIdFormat]]);
  });
});
