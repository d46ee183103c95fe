import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Stands in for a provider's certificate: the lists show its subject and end, read when it was saved. */
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBbench\n-----END CERTIFICATE-----';

/**
 * What each firm's administrators set up, written in bulk: `3 × scale` SAML service providers per firm
 * (the portfolio systems its staff sign in to), and `30 × scale` links per firm, ten of each kind, the
 * portfolio links signing in through the firm's providers in turn.
 */
export async function seedBenchFirmSetup(db: Db, o: { firmIds: number[]; scale: number }) {
  const providers = 3 * o.scale;
  const links = 10 * o.scale;
  const firms = `{${o.firmIds.join(',')}}`;
  await db.execute(sql`
    insert into sso_service_providers (firm_id, key, label, entity_id, acs_url, certificate, certificate_subject,
      certificate_expires, attributes, name_id_secret)
    select f, 'system' || i, 'Portfolio system ' || i, 'https://sp' || i || '.firm' || f || '.bench.test/saml',
      'https://sp' || i || '.firm' || f || '.bench.test/saml/acs', ${CERTIFICATE},
      'CN=sp' || i || '.firm' || f || '.bench.test', now() + (30 + i * 60) * interval '1 day',
      '{email,first_name,last_name}', md5('bench' || f || '-' || i) || md5('secret' || f || '-' || i)
    from unnest(${firms}::int[]) f cross join generate_series(1, ${providers}) i`);
  await db.execute(sql`
    insert into firm_links (firm_id, kind, label, url, service_provider_key)
    select f, k.kind, initcap(replace(k.kind, '_', ' ')) || ' ' || i,
      'https://' || replace(k.kind, '_', '-') || i || '.firm' || f || '.bench.test/',
      case when k.kind = 'portfolio' then 'system' || (1 + i % ${providers}) end
    from unnest(${firms}::int[]) f
    cross join unnest(array['financial_planning', 'portfolio', 'help_portal']) k(kind)
    cross join generate_series(1, ${links}) i`);
  await db.execute(sql`analyze sso_service_providers`);
  await db.execute(sql`analyze firm_links`);
}
