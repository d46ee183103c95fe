import { serviceProviderListQuery } from '@portal/domain';
import type { AppDeps } from '../../platform/context.js';
import { generateSigningPair } from '../../platform/saml-keys.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import * as sso from '../sso/sso.service.js';
import { actingAs } from './acting.js';

/** The demo's service provider: its key, named by the firm's Orion link (demo-vault.ts). */
export const DEMO_SP_KEY = 'orion';

/**
 * Demo Wealth Advisors' "Orion (demo)" service provider. Its ACS is on example.com (reserved for
 * examples, never a real service): the demo shows the sign-on page and its signed response without
 * sending a demo person's details to a real portfolio system. A firm points its own at its system's ACS.
 */
export async function seedDemoSso(deps: AppDeps) {
  const adminId = (await accountByEmail(deps.db, 'admin@demo.test'))?.id;
  if (!adminId) throw new Error('admin@demo.test is missing');
  const admin = await actingAs(deps, adminId);
  const firm = admin.actor.profile._firm as number;
  const kept = await sso.list(admin, serviceProviderListQuery.parse({ firm: String(firm), search: DEMO_SP_KEY }));
  if (kept.results.some((sp) => sp.key === DEMO_SP_KEY)) return;
  await sso.create(admin, {
    firm,
    key: DEMO_SP_KEY,
    label: 'Orion (demo)',
    entity_id: 'https://sso.example.com/orion',
    acs_url: 'https://sso.example.com/orion/saml/acs',
    // A service provider's certificate, as its vendor would give it (the key is not kept: the demo has no SP).
    certificate: generateSigningPair('Orion (demo) service provider', new Date(), 5, 2048).cert,
    attributes: ['email', 'first_name', 'last_name', 'firm', 'role'],
    relay_state: '',
    is_active: true,
  });
}
