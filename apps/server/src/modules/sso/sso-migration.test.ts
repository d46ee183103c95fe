import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { migrate, migrationsDir, rowsOf } from '../../db/migrate.js';
import { SSO_ENTITY_KEY } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { createFirm } from '../../testing/factories.js';
import { testSigningPair } from '../../testing/saml-fixtures.js';
import { freshDatabase } from '../../testing/test-app.js';

/** The committed migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e: { tag: string }) => e.tag === tag),
  );
  mkdirSync(path.join(dir, 'meta'));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

let database: Database;
let before: string;
beforeAll(async () => {
  database = await freshDatabase();
  before = migrationsBefore('0026_sso_persistent_unique_entity');
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

describe('the upgrade to one registration per entity ID and persistent NameIDs', () => {
  it('keeps the oldest registration of an entity ID, turns the later ones off under a marked ID, and makes every NameID persistent', async () => {
    const { db } = database;
    await migrate(db, before);
    const alpha = await createFirm(db, { name: 'Alpha Wealth' });
    const bravo = await createFirm(db, { name: 'Bravo Wealth' });
    const cert = testSigningPair().cert;
    const provider = async (firmId: number, key: string, entityId: string, format: string, createdAt: string) => {
      const result = await db.execute(sql`insert into sso_service_providers
        (firm_id, key, label, entity_id, acs_url, certificate, certificate_subject, certificate_expires,
         name_id_format, name_id_secret, created_at)
        values (${firmId}, ${key}, ${key}, ${entityId}, 'https://sp.example.test/acs', ${cert}, 'CN=SP',
         '2030-01-01T00:00:00Z', ${format}, 'secret', ${createdAt}::timestamptz)
        returning id`);
      return rowsOf<{ id: number }>(result)[0].id;
    };
    // Alpha registered Orion first; Bravo registered it again in capitals, then Alpha a second time.
    const first = await provider(alpha.id, 'orion', 'https://orion.example.test/saml', 'email', '2025-01-01');
    const bravos = await provider(bravo.id, 'orion', 'HTTPS://ORION.example.test/saml', 'unspecified', '2025-02-01');
    const alphas = await provider(alpha.id, 'orion-2', 'https://orion.example.test/saml', 'persistent', '2025-03-01');
    const alone = await provider(bravo.id, 'addepar', 'https://addepar.example.test', 'email', '2025-04-01');

    // The upgrade is the first migration it applies (later ones may follow).
    expect((await migrate(db))[0]).toBe('0026_sso_persistent_unique_entity');
    const rows = rowsOf<{ id: number; entity_id: string; is_active: boolean; name_id_format: string }>(
      await db.execute(sql`select id, entity_id, is_active, name_id_format from sso_service_providers order by id`),
    );
    expect(rows).toEqual([
      { id: first, entity_id: 'https://orion.example.test/saml', is_active: true, name_id_format: 'persistent' },
      {
        id: bravos,
        entity_id: `HTTPS://ORION.example.test/saml#duplicate-${bravos}`,
        is_active: false,
        name_id_format: 'persistent',
      },
      {
        id: alphas,
        entity_id: `https://orion.example.test/saml#duplicate-${alphas}`,
        is_active: false,
        name_id_format: 'persistent',
      },
      { id: alone, entity_id: 'https://addepar.example.test', is_active: true, name_id_format: 'persistent' },
    ]);

    // From now on the database itself refuses a second registration, whatever its case.
    const again = await provider(
      bravo.id,
      'orion-3',
      'https://Orion.Example.Test/saml',
      'persistent',
      '2026-01-01',
    ).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(again, SSO_ENTITY_KEY)).toBe(true);
  });
});
