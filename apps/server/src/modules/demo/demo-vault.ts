import { clientDocumentListQuery, type FirmLinkKind, firmLinkListQuery } from '@portal/domain';
import type { AppDeps } from '../../platform/context.js';
import { renderPdf } from '../../platform/pdf.js';
import { accountByEmail } from '../accounts/accounts.service.js';
import * as documents from '../client-documents/client-documents.service.js';
import * as firmLinks from '../firm-links/firm-links.service.js';
import { actingAs } from './acting.js';
import { DEMO_SP_KEY } from './demo-sso.js';

const idOf = async (deps: AppDeps, email: string) => {
  const user = await accountByEmail(deps.db, email);
  if (!user) throw new Error(`${email} is missing`);
  return user.id;
};

const pdf = (title: string, lines: string[]) =>
  renderPdf({
    title,
    styles: { heading: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] } },
    content: [
      { text: title, style: 'heading' },
      ...lines.map((text) => ({ text, margin: [0, 0, 0, 6] as [number, number, number, number] })),
      { text: 'Demo document of the portal.', italics: true, margin: [0, 12, 0, 0] },
    ],
  });

/** Demo Wealth Advisors' configured links: where its clients plan, where its staff see portfolios and ask IT. */
const LINKS: { kind: FirmLinkKind; label: string; url: string; service_provider: string | null }[] = [
  {
    kind: 'financial_planning',
    label: 'eMoney Financial Planning',
    url: 'https://wealth.emoneyadvisor.com',
    service_provider: null,
  },
  // Signs in through the demo's service provider (demo-sso.ts).
  {
    kind: 'portfolio',
    label: 'Orion Portfolio Solutions',
    url: 'https://login.orionadvisor.com',
    service_provider: DEMO_SP_KEY,
  },
  { kind: 'help_portal', label: 'DWA Help Desk', url: 'https://helpdesk.example.com', service_provider: null },
];

/**
 * Chris Client's vault holds a statement Avery Advisor uploaded and the advisory agreement Chris signed
 * and sent back; the firm has its Financial Planning, portfolio-system and help desk links. A second run adds nothing.
 */
export async function seedDemoVault(deps: AppDeps) {
  const chrisId = await idOf(deps, 'client@demo.test');
  const chris = await actingAs(deps, chrisId);
  const avery = await actingAs(deps, await idOf(deps, 'advisor@demo.test'));
  const vault = await documents.list(avery, clientDocumentListQuery.parse({ client: String(chrisId) }));
  const has = (name: string) => vault.results.some((d) => d.file_name === name);
  const statement = 'DWA statement Q3 2026.pdf';
  if (!has(statement))
    await documents.upload(
      avery,
      { client: String(chrisId), category: 'statement', description: 'Quarterly account statement' },
      {
        fileName: statement,
        bytes: await pdf('Demo Wealth Advisors: quarterly statement', [
          'Account: Chris Client, individual brokerage (Schwab)',
          'Period: July 1 to September 30, 2026',
          'Beginning value $250,000.00; contributions $5,000.00; ending value $262,430.18',
        ]),
      },
    );
  const signed = 'Signed advisory agreement.pdf';
  if (!has(signed))
    await documents.upload(
      chris,
      { client: String(chrisId), category: 'signed_agreement', description: 'Advisory agreement, signed' },
      {
        fileName: signed,
        bytes: await pdf('Investment advisory agreement', [
          'Between Demo Wealth Advisors and Chris Client.',
          'Signed: Chris Client',
        ]),
      },
    );

  const admin = await actingAs(deps, await idOf(deps, 'admin@demo.test'));
  const firm = admin.actor.profile._firm as number;
  const kept = await firmLinks.list(admin, firmLinkListQuery.parse({ firm: String(firm) }));
  for (const link of LINKS)
    if (!kept.results.some((l) => l.kind === link.kind && l.label === link.label))
      await firmLinks.create(admin, { firm, ...link });
}
