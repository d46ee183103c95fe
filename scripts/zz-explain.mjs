// copy into /work/main/scripts/ to run: npx node scripts/zz-explain.mjs <pglite dir> <sql file with ;; separators>
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = new PGlite(process.argv[2], { extensions: { pg_trgm, btree_gin } });
await db.waitReady;
const sql = readFileSync(process.argv[3], 'utf8');
for (const stmt of sql.split(';;').map((s) => s.trim()).filter(Boolean)) {
  const times = [];
  let r;
  for (let i = 0; i < 12; i++) {
    const t = performance.now();
    r = await db.query(stmt);
    times.push(performance.now() - t);
  }
  for (const row of r.rows) console.log(Object.values(row).join(' | '));
  times.sort((a, b) => a - b);
  console.log(`-- min ${times[0].toFixed(1)} ms, median ${times[6].toFixed(1)} ms`);
}
await db.close();
