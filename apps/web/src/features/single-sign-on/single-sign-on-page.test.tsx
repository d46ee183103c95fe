import { messages, ProfileType, type ServiceProvider, type User } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtUrl } from '../../testing/render';
import { testUser } from '../../testing/users';
import { ServiceProviderForm } from './service-provider-form';
import { SingleSignOnPage } from './single-sign-on-page';

const m = messages.sso;
const admin = {
  ...testUser({}, { id: 3 }),
  profile: { ...testUser().profile, profile_type: ProfileType.Administrator },
} as User;
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUJ0c=\n-----END CERTIFICATE-----';
const orion: ServiceProvider = {
  id: 1,
  firm: 10,
  key: 'orion',
  label: 'Orion',
  entity_id: 'https://orion.example.com/saml',
  acs_url: 'https://orion.example.com/saml/acs',
  certificate: PEM,
  certificate_subject: 'CN=orion.example.com',
  certificate_expires: '2030-06-30T12:00:00.000Z',
  name_id_format: 'persistent',
  attributes: ['email'],
  relay_state: '',
  is_active: false,
  updated_at: '2026-10-01T00:00:00.000Z',
};

type Call = { url: string; method: string; body?: string };
function serve(calls: Call[], answer?: (call: Call) => Response | undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET', body: init.body as string | undefined };
      calls.push(call);
      const custom = answer?.(call);
      if (custom) return custom;
      if (call.method === 'POST') return new Response(JSON.stringify({ ...orion, id: 2 }), { status: 201 });
      return new Response(JSON.stringify({ count: 1, next: null, previous: null, results: [orion] }));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the single sign-on setup screen', () => {
  it("lists the administrator's firm's service providers, with the portal's metadata to give them", async () => {
    const calls: Call[] = [];
    serve(calls);
    renderAtUrl(<SingleSignOnPage />, '/setup/single-sign-on', { user: admin });
    expect(await screen.findByRole('cell', { name: 'Orion' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '06/30/2030' })).toBeTruthy();
    expect(screen.getByText(m.inactive)).toBeTruthy();
    expect(calls[0].url).toContain('/api/sso/service_providers/?');
    expect(calls[0].url).toContain('firm=10');
    expect(screen.getByRole('link', { name: m.metadataLink }).getAttribute('href')).toBe('/api/sso/metadata/');
  });

  it('adds a service provider, and shows the server’s word on the certificate beside it', async () => {
    const calls: Call[] = [];
    serve(calls, (call) =>
      call.method === 'POST' && call.body?.includes('"key":"orion"')
        ? new Response(
            JSON.stringify({
              detail: m.certificateExpired('12/31/2020'),
              fields: { certificate: m.certificateExpired('12/31/2020') },
            }),
            { status: 400 },
          )
        : undefined,
    );
    renderAtUrl(<ServiceProviderForm firm={10} provider={null} onDone={() => {}} />, '/');
    const box = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
    // The NameID is no choice: the form says what the provider gets and what it must map.
    const nameId = screen.getByRole('group', { name: new RegExp(`^${m.nameIdLabel}`) });
    expect(nameId.textContent).toContain('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
    expect(nameId.textContent).toContain(m.nameIdMapping);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByText(m.attributesDescription)).toBeTruthy();
    await userEvent.type(box(m.labelLabel), 'Orion');
    await userEvent.type(box(m.keyLabel), 'Orion SSO');
    await userEvent.type(box(m.entityIdLabel), 'https://orion.example.com/saml');
    await userEvent.type(box(m.acsUrlLabel), 'https://orion.example.com/saml/acs');
    await userEvent.click(box(m.certificateLabel));
    await userEvent.paste(PEM);
    await userEvent.click(screen.getByRole('checkbox', { name: m.attributeNames.role }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.keyInvalid)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(box(m.keyLabel));
    await userEvent.type(box(m.keyLabel), 'orion');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.certificateExpired('12/31/2020'))).toBeTruthy();
    const posted = JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}');
    expect(posted).toEqual({
      firm: 10,
      key: 'orion',
      label: 'Orion',
      entity_id: 'https://orion.example.com/saml',
      acs_url: 'https://orion.example.com/saml/acs',
      certificate: PEM,
      attributes: ['email', 'first_name', 'last_name', 'role'],
      // An empty box is sent as null; the server keeps it as no start page.
      relay_state: null,
      is_active: true,
    });
    await waitFor(() => expect(document.activeElement).toBe(box(m.certificateLabel)));
  });

  it('shows the server’s refusal of an entity ID registered for another service provider beside its input', async () => {
    const calls: Call[] = [];
    serve(calls, (call) =>
      call.method === 'PUT'
        ? new Response(JSON.stringify({ detail: m.entityIdTaken, fields: { entity_id: m.entityIdTaken } }), {
            status: 409,
          })
        : undefined,
    );
    renderAtUrl(<ServiceProviderForm firm={10} provider={orion} onDone={() => {}} />, '/');
    const entityId = screen.getByRole('textbox', { name: new RegExp(`^${m.entityIdLabel}`) });
    await userEvent.clear(entityId);
    await userEvent.type(entityId, 'https://other.example.com/saml');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.entityIdTaken)).toBeTruthy();
    const put = JSON.parse(calls.find((c) => c.method === 'PUT')?.body ?? '{}');
    expect(put.entity_id).toBe('https://other.example.com/saml');
    expect(put).not.toHaveProperty('name_id_format');
    await waitFor(() => expect(document.activeElement).toBe(entityId));
  });
});
