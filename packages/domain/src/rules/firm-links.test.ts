import { describe, expect, it } from 'vitest';
import { staffLinks } from '../config/links.js';
import { messages } from '../messages.js';
import { firmLinkBody } from '../schemas/firm-links.js';
import { testActor } from '../testing/actors.js';
import { canManageFirmLinks, firmLinkKindsFor } from './firm-links.js';
import { type MenuContext, menuFor } from './menu.js';
import { ProfileType } from './permissions.js';

const client = testActor({ id: 2, profile_type: ProfileType.Client });
const advisor = testActor({ id: 3, profile_type: ProfileType.FinancialAdvisor });
const firmAdmin = testActor({ id: 4, profile_type: ProfileType.Administrator });
const superAdmin = testActor({ id: 5, profile_type: ProfileType.Administrator, is_super_admin: true });
const context: MenuContext = {
  firmLinks: [
    { kind: 'financial_planning', label: 'eMoney', url: 'https://wealth.emoneyadvisor.com' },
    { kind: 'portfolio', label: 'Orion', url: 'https://login.orionadvisor.com' },
  ],
};
const group = (a: typeof client, id: string, c?: MenuContext) => menuFor(a, undefined, c).find((g) => g.id === id);

describe("a firm's configured links in the menus", () => {
  it("gives a client the firm's Financial Planning link, after Account Management, and no staff link", () => {
    expect(group(client, 'financial-planning', context)?.entries).toEqual([
      { label: 'eMoney', to: 'https://wealth.emoneyadvisor.com', external: true },
    ]);
    const ids = menuFor(client, undefined, context).map((g) => g.id);
    expect(ids.indexOf('document-vault')).toBeLessThan(ids.indexOf('financial-planning'));
    expect(ids).not.toContain('links');
    expect(firmLinkKindsFor(client)).toEqual(['financial_planning']);
  });

  it('drops Financial Planning while the firm has none (or the links are still loading)', () => {
    expect(group(client, 'financial-planning')).toBeUndefined();
  });

  it("adds the firm's portfolio systems to the staff Links after the custodian sites", () => {
    const labels = group(advisor, 'links', context)?.entries.map((e) => e.label);
    expect(labels).toEqual([...staffLinks.map((l) => l.label), 'Orion']);
    expect(firmLinkKindsFor(advisor)).toEqual(['portfolio', 'help_portal']);
  });

  it("lets a firm's administrators keep its links, a super admin any firm's", () => {
    expect(canManageFirmLinks(firmAdmin, 1)).toBe(true);
    expect(canManageFirmLinks(firmAdmin, 2)).toBe(false);
    expect(canManageFirmLinks(superAdmin, 2)).toBe(true);
    expect(canManageFirmLinks(advisor, 1)).toBe(false);
  });

  it('takes web addresses only', () => {
    const body = (url: string) => firmLinkBody.safeParse({ firm: 1, kind: 'portfolio', label: 'X', url }).success;
    expect(body('https://login.orionadvisor.com/sso?x=1')).toBe(true);
    expect(body('http://intranet.local:8080')).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x.example.com', 'example.com'])
      expect(body(url), url).toBe(false);
  });
});

describe('a portfolio-system link that signs in through single sign-on', () => {
  it('opens the sign-on call in a new tab instead of its address', () => {
    const sso: MenuContext = {
      firmLinks: [
        { kind: 'portfolio', label: 'Orion', url: 'https://login.orionadvisor.com', service_provider: 'orion' },
      ],
    };
    expect(group(advisor, 'links', sso)?.entries.at(-1)).toEqual({
      label: 'Orion',
      to: '/api/sso/init/?sp=orion',
      external: true,
    });
  });

  it('is a portfolio-system link only', () => {
    const body = (kind: string) =>
      firmLinkBody.safeParse({ firm: 1, kind, label: 'X', url: 'https://x.example.com', service_provider: 'orion' });
    expect(body('portfolio').success).toBe(true);
    expect(body('help_portal').error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['service_provider', messages.sso.linkPortfolioOnly],
    ]);
    expect(
      firmLinkBody.parse({ firm: 1, kind: 'help_portal', label: 'X', url: 'https://x.example.com' }),
    ).toMatchObject({
      service_provider: null,
    });
  });
});
