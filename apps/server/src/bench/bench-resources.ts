import { ProfileType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** The resource with a long history (its first): a file replaced this many times over the years. */
export const BENCH_RESOURCE_VERSIONS = 20;
/** Compliance documents of the firm its staff must acknowledge, whatever the scale. */
const ACKNOWLEDGEABLE = 40;

/**
 * A firm's training library, written in bulk: `1,000 × scale` resources of firm `firmId`, a fifth in each
 * category (videos are links, the rest files), published by its administrator `adminId`. The first is a
 * compliance document in its twentieth version; it and the next 39 compliance documents are to be
 * acknowledged (code of ethics and IA manual in turn), and four in five of the firm's staff have
 * acknowledged each (every version of the first): some 24,000 acknowledgements at 500 staff. Who has is
 * drawn from a hash of their address (their ids go in steps of the firm count, so a remainder of the id
 * would pick all or none).
 */
export async function seedBenchResources(db: Db, o: { firmId: number; adminId: number; scale: number }) {
  const count = 1_000 * o.scale;
  await db.execute(sql`
    insert into training_resources (firm_id, category, name, version, acknowledgement, created_by_id, created_at,
      updated_at)
    select ${o.firmId}, c.category, 'Bench ' || c.category || ' ' || i,
      case when i = 1 then ${BENCH_RESOURCE_VERSIONS} else 1 end,
      case when c.category = 'compliance' and i <= 5 * ${ACKNOWLEDGEABLE}
        then case when i % 2 = 1 then 'code_of_ethics' else 'ia_manual' end end,
      ${o.adminId}, t.at, t.at
    from generate_series(1, ${count}) i
    cross join lateral (select (array['compliance', 'investments', 'operations', 'videos', 'faqs'])[1 + (i - 1) % 5]
      as category) c
    cross join lateral (select case when i = 1 then now() - interval '620 days'
      else now() - (${count} - i) * interval '1 hour' end as at) t
    order by i`);
  const bench = sql`r.firm_id = ${o.firmId} and r.name like 'Bench %'`;
  await db.execute(sql`
    insert into training_resource_versions (resource_id, version, kind, url, file_name, storage_key, content_type,
      size, sha256, uploaded_by_id, uploaded_by_name, uploaded_at)
    select r.id, v, case when r.category = 'videos' then 'link' else 'file' end,
      case when r.category = 'videos' then 'https://videos.bench.test/' || r.id || '/' || v end,
      case when r.category <> 'videos' then replace(r.name, ' ', '-') || '-v' || v || '.pdf' end,
      case when r.category <> 'videos' then 'bench/resources/' || r.id || '/v' || v end,
      case when r.category <> 'videos' then 'application/pdf' end,
      case when r.category <> 'videos' then 40000 + r.id % 1000 end,
      case when r.category <> 'videos' then md5(r.id || '-' || v) || md5(v || '-' || r.id) end,
      ${o.adminId}, 'Bench Administrator', r.created_at + (v - 1) * interval '30 days'
    from training_resources r cross join lateral generate_series(1, r.version) v
    where ${bench}`);
  await db.execute(sql`
    insert into training_resource_acknowledgements (resource_id, version, user_id, acknowledged_on, acknowledged_at)
    select r.id, v, u.id, t.at::date, t.at
    from training_resources r
    cross join lateral generate_series(1, r.version) v
    join profiles p on p.firm_id = r.firm_id and p.profile_type <> ${ProfileType.Client}
    join users u on u.id = p.user_id and u.deleted_at is null and abs(hashtext(u.email)) % 5 <> 0
    cross join lateral (select least(now(), r.created_at + (v - 1) * interval '30 days' + (u.id / 20 % 20) * interval '1 day')
      as at) t
    where ${bench} and r.acknowledgement is not null`);
  for (const table of ['training_resources', 'training_resource_versions', 'training_resource_acknowledgements'])
    await db.execute(sql`analyze ${sql.identifier(table)}`);
}
