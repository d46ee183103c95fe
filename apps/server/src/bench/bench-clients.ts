import { createHash } from 'node:crypto';
import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/migrate.js';
import type { PiiKeyring } from '../platform/pii.js';
import type { Storage } from '../platform/storage.js';
import { arrayText, firmAdvisors } from './bench-users.js';

/** The one small PDF every seeded document and disclosure version holds (each under its own key). */
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PDF_SHA256 = createHash('sha256').update(PDF).digest('hex');
const KINDS = ['adv_2a', 'adv_2b', 'crs'] as const;

export interface BenchClientsOptions {
  firmId: number;
  /** The firm's clients (each with an agreement) at scale 1: their advisors are the firm's, in turn. */
  clients: number;
  /** Documents over their vaults; the first client's vault holds a tenth of them. */
  documents: number;
  /** Disclosure versions per kind (Form ADV 2A, 2B, CRS), a year apart at scale 1. */
  versionsPerKind: number;
  scale: number;
  today: string;
  pii: PiiKeyring;
  storage: Storage;
}

/** Writes `keys` to storage a few at a time (each a put of the same small PDF). */
async function putAll(storage: Storage, keys: string[]) {
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) await storage.put(key, PDF);
    }),
  );
}

/**
 * A busy firm's client book, written in bulk: `clients` clients named Client1 … ClientN
 * (book-client<i>@bench.test, active, no password), shared in turn by the firm's advisors but its first
 * (whose book is the strategies' own twenty, bench-strategies.ts), each with a client agreement whose
 * SSN and date of birth are encrypted as the onboarding service encrypts them; their vaults' documents
 * (a tenth of them monthly statements in the first client's vault, the rest spread over the others),
 * each pointing at a stored file; the firm's Form ADV 2A, 2B and CRS versions, and their deliveries
 * to the clients: the two latest versions of each kind, but every tenth client has not received the
 * current ones (due or overdue in the CCO's report). Volumes are times `scale`.
 */
export async function seedBenchClients(db: Db, o: BenchClientsOptions) {
  const count = Math.round(o.clients * o.scale);
  if (count <= 0) return;
  const advisors = await firmAdvisors(db, o.firmId);
  const book = advisors.length > 1 ? advisors.slice(1) : advisors;
  await db.execute(sql`
    insert into users (email, first_name, last_name, is_active, advisor_id)
    select 'book-client' || i || '@bench.test', (array['Ada','Ben','Cleo','Dev','Eli','Faye','Gus','Hana'])[1 + i % 8],
      'Client' || i, true, (${arrayText(book)}::int[])[1 + i % ${Math.max(book.length, 1)}]
    from generate_series(1, ${count}) i`);
  await db.execute(sql`
    insert into profiles (user_id, firm_id, profile_type, city)
    select u.id, ${o.firmId}, ${ProfileType.Client}, 'Springfield' from users u where u.email like 'book-client%@bench.test'`);

  // The agreements: the PII encrypted here, one value per client, bound to its column as the service binds it.
  const numbers = Array.from({ length: count }, (_, k) => k + 1);
  const ssn = numbers.map((i) => o.pii.encrypt(String(100_000_000 + i), 'client_agreements.clientSsn'));
  const dob = numbers.map((i) =>
    o.pii.encrypt(`19${50 + (i % 40)}-0${1 + (i % 9)}-1${i % 9}`, 'client_agreements.clientDob'),
  );
  await db.execute(sql`
    insert into client_agreements (portal_user_id, firm_id, name, agreement_date, client_name, client_home_street,
      client_home_city, client_home_state, client_home_zip, client_email, client_ssn, client_dob, created_by_id,
      updated_by_id, created_at, updated_at)
    select u.id, ${o.firmId}, u.first_name || ' ' || u.last_name, ${o.today}::date - (t.i * 7 % 3650),
      u.first_name || ' ' || u.last_name, t.i || ' Main St', 'Springfield', 'IL', '62701', u.email, t.ssn, t.dob,
      u.advisor_id, u.advisor_id, now() - t.i * interval '1 hour', now() - t.i * interval '1 hour'
    from unnest(${arrayText(numbers)}::int[], ${arrayText(ssn)}::text[], ${arrayText(dob)}::text[]) t(i, ssn, dob)
    join users u on u.email = 'book-client' || t.i || '@bench.test'`);

  // The vaults: document j of the first client's statements, or of client 2 … N in turn.
  const clients = rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from users u where u.email like 'book-client%@bench.test'
      order by substr(u.email, 12, strpos(u.email, '@') - 12)::int`),
  ).map((r) => r.id);
  const documents = Math.round(o.documents * o.scale);
  const busy = Math.round(documents / 10);
  const docs = Array.from({ length: documents }, (_, k) => k + 1);
  const clientOf = (j: number) =>
    j <= busy || clients.length === 1 ? clients[0] : clients[1 + ((j - busy) % (clients.length - 1))];
  const docKeys = docs.map((j) => `client-documents/${o.firmId}/${clientOf(j)}/bench-${j}.pdf`);
  await putAll(o.storage, docKeys);
  await db.execute(sql`
    insert into client_documents (firm_id, client_id, file_name, content_type, category, description, storage_key,
      size, sha256, uploaded_by_id, uploaded_by_name, uploaded_by_client, uploaded_at)
    select ${o.firmId}, c.id,
      case when t.j <= ${busy} then 'Statement ' || t.j || '.pdf' else 'Document ' || t.j || '.pdf' end,
      'application/pdf',
      case when t.j <= ${busy} then 'statement'
        else (array['statement','signed_agreement','tax_form','other'])[1 + t.j % 4] end,
      case when t.j <= ${busy} then 'Monthly statement' end, t.key, ${PDF.length}, ${PDF_SHA256},
      up.id, up.first_name || ' ' || up.last_name, up.id = c.id, now() - t.j * interval '1 day'
    from unnest(${arrayText(docs)}::int[], ${arrayText(docs.map(clientOf))}::int[], ${arrayText(docKeys)}::text[])
      t(j, client, key)
    join users c on c.id = t.client
    join users up on up.id = case when t.j % 4 = 0 or c.advisor_id is null then c.id else c.advisor_id end`);

  // The firm's disclosure versions: per kind, version v effective (365 / scale) × v days before today.
  const perKind = Math.round(o.versionsPerKind * o.scale);
  const versions = KINDS.flatMap((kind) => Array.from({ length: perKind }, (_, k) => ({ kind, v: k + 1 })));
  const versionKeys = versions.map(({ kind, v }) => `disclosures/${o.firmId}/${kind}/bench-${v}.pdf`);
  await putAll(o.storage, versionKeys);
  await db.execute(sql`
    insert into disclosure_documents (firm_id, kind, effective_date, material_change, file_name, storage_key, size,
      sha256, uploaded_by_name, uploaded_at)
    select ${o.firmId}, t.kind, ${o.today}::date - (t.v * 365 / ${o.scale}::numeric)::int, t.kind <> 'crs' and t.v % 2 = 1,
      t.kind || ' ' || t.v || '.pdf', t.key, ${PDF.length}, ${PDF_SHA256}, 'Bench Administrator',
      (${o.today}::date - (t.v * 365 / ${o.scale}::numeric)::int)::timestamptz
    from unnest(${arrayText(versions.map((v) => v.kind))}::text[], ${arrayText(versions.map((v) => v.v))}::int[],
      ${arrayText(versionKeys)}::text[]) t(kind, v, key)`);
  await db.execute(sql`
    with v as (
      select d.id, d.kind, d.effective_date, row_number() over (partition by d.kind order by d.effective_date desc, d.id desc) as r
      from disclosure_documents d where d.firm_id = ${o.firmId}),
    c as (
      select u.id, substr(u.email, 12, strpos(u.email, '@') - 12)::int as i, a.agreement_date
      from users u join client_agreements a on a.portal_user_id = u.id where u.email like 'book-client%@bench.test')
    insert into disclosure_deliveries (firm_id, client_id, kind, document_id, delivery_date, delivered_at, method)
    select ${o.firmId}, c.id, v.kind, v.id, d.on_, d.on_ + interval '10 hours', 'portal'
    from c join v on v.r <= 2 and not (v.r = 1 and c.i % 10 = 0)
    cross join lateral (select least(${o.today}::date, greatest(v.effective_date, c.agreement_date) + c.i % 30) as on_) d`);
  for (const table of ['users', 'profiles', 'client_agreements', 'client_documents', 'disclosure_documents'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  await db.execute(sql`analyze disclosure_deliveries`);
}
