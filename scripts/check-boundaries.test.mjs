// A planted import across each boundary must be reported: the checker is only worth its rules.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cycles, violations } from './check-boundaries.mjs';

const root = path.resolve(import.meta.dirname, '..');

function planted(file, content) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

test('reports an import across every boundary, and passes the same imports where they are allowed', () => {
  const files = [
    planted('apps/web/src/features/zz-planted/page.tsx', "import { UsersPage } from '../users/users-page';\n"),
    planted(
      'apps/server/src/platform/zz-planted.ts',
      "import { accounts } from '../modules/users/users.service.js';\n",
    ),
    planted(
      'apps/server/src/modules/zz-planted/zz-planted.service.ts',
      "import { listUsers } from '../users/users.repository.js';\nimport { accounts } from '../users/users.service.js';\nimport { sql } from 'drizzle-orm';\n",
    ),
    planted('packages/domain/src/zz-planted.ts', "import { readFileSync } from 'node:fs';\n"),
    planted('apps/server/src/modules/zz-routes/zz-routes.repository.ts', 'export const findRow = 1;\n'),
    planted(
      'apps/server/src/modules/zz-routes/zz-routes.routes.ts',
      "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema/index.js';\nimport { findRow } from './zz-routes.repository.js';\nimport * as service from './zz-routes.service.js';\n",
    ),
  ];
  try {
    const found = violations(files);
    assert.equal(found.length, 8, found.join('\n'));
    assert.match(found.join('\n'), /zz-planted\.service\.ts: imports 'drizzle-orm' — a service holds rules, not SQL/);
    assert.match(
      found.join('\n'),
      /features\/zz-planted\/page\.tsx: imports '\.\.\/users\/users-page' — web features do not import each other/,
    );
    assert.match(found.join('\n'), /platform\/zz-planted\.ts: .* platform imports no module/);
    assert.match(found.join('\n'), /users\.repository\.js' — a module uses another module only through its service/);
    assert.match(found.join('\n'), /domain\/src\/zz-planted\.ts: imports 'node:fs' — the domain is pure/);
    for (const spec of ['drizzle-orm', '../../db/schema/index.js', './zz-routes.repository.js'])
      assert.ok(
        found.includes(
          `apps/server/src/modules/zz-routes/zz-routes.routes.ts: imports '${spec}' — routes are thin: SQL belongs to the repository`,
        ),
        spec,
      );
  } finally {
    rmSync(path.join(root, 'apps/web/src/features/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/modules/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/modules/zz-routes'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/platform/zz-planted.ts'), { force: true });
    rmSync(path.join(root, 'packages/domain/src/zz-planted.ts'), { force: true });
  }
});

test('a repository importing a service, and a service handing out its repository, are reported', () => {
  const dir = 'apps/server/src/modules/zz-planted';
  const files = [
    planted(
      `${dir}/zz-planted.repository.ts`,
      "import { helper } from './zz-planted.service.js';\nexport const rows = 1;\n",
    ),
    planted(
      `${dir}/zz-planted.service.ts`,
      "import { insertRow, rows } from './zz-planted.repository.js';\nexport { findRow } from './zz-planted.repository.js';\n" +
        'export const planted = { insert: insertRow, rows };\nexport { rows };\nexport const helper = () => rows;\n',
    ),
  ];
  try {
    const found = violations(files).join('\n');
    assert.match(
      found,
      /zz-planted\.repository\.ts: imports '\.\/zz-planted\.service\.js' — a repository imports no service/,
    );
    assert.match(found, /re-exports '\.\/zz-planted\.repository\.js' — a service does not re-export a repository/);
    assert.match(found, /'planted' hands out 'insertRow' of a repository/);
    assert.match(found, /'planted' hands out 'rows' of a repository/);
    assert.match(found, /exports 'rows' of a repository/);
    // A service function that calls its repository is what a service is for.
    assert.doesNotMatch(found, /'helper'/);
  } finally {
    rmSync(path.join(root, dir), { recursive: true, force: true });
  }
});

test('an import cycle is reported with its files, a type-only import included; a cycle of modules too', () => {
  const files = [
    planted('packages/domain/src/zz-planted/a.ts', "import { b } from './b.js';\nexport const a = b;\n"),
    planted('packages/domain/src/zz-planted/b.ts', "import type { A } from './c.js';\nexport const b = 1;\n"),
    planted('packages/domain/src/zz-planted/c.ts', "import { a } from './a.js';\nexport type A = typeof a;\n"),
    planted('packages/domain/src/zz-planted/d.ts', "import { a } from './a.js';\nexport const d = a;\n"),
    // Modules: zz-one's service uses zz-two's, and a file of zz-two uses zz-one's service (no file cycle).
    planted(
      'apps/server/src/modules/zz-one/zz-one.service.ts',
      "import { two } from '../zz-two/zz-two.service.js';\nexport const one = two;\n",
    ),
    planted('apps/server/src/modules/zz-two/zz-two.service.ts', 'export const two = 2;\n'),
    planted(
      'apps/server/src/modules/zz-two/zz-two.routes.ts',
      "import { one } from '../zz-one/zz-one.service.js';\nexport const routes = one;\n",
    ),
  ];
  try {
    const found = cycles(files);
    assert.equal(found.length, 2, found.join('\n'));
    assert.equal(
      found[0],
      'import cycle: packages/domain/src/zz-planted/a.ts → packages/domain/src/zz-planted/b.ts → packages/domain/src/zz-planted/c.ts → packages/domain/src/zz-planted/a.ts',
    );
    assert.match(
      found[1],
      /^module cycle: zz-one → zz-two → zz-one \(.*zz-one\.service\.ts → .*zz-two\.service\.ts; .*zz-two\.routes\.ts → .*zz-one\.service\.ts\)$/,
    );
    // The same files without the closing import: no cycle.
    writeFileSync(path.join(root, 'packages/domain/src/zz-planted/c.ts'), 'export type A = number;\n');
    rmSync(path.join(root, 'apps/server/src/modules/zz-two/zz-two.routes.ts'));
    assert.deepEqual(cycles(files.filter((f) => !f.endsWith('zz-two.routes.ts'))), []);
  } finally {
    rmSync(path.join(root, 'packages/domain/src/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/modules/zz-one'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/modules/zz-two'), { recursive: true, force: true });
  }
});

test('a cast to a writer or to the full database is reported outside the doors, the client and the fixtures', () => {
  const dir = 'apps/server/src/modules/zz-planted';
  const body =
    'export const a = (tx: unknown) => tx as AuditedTx;\n' +
    'export const b = (db: unknown) => db as unknown as Db;\n' +
    'export const c = (w: unknown) => <Writer>w;\n' +
    '// A comment saying db as Db is no cast.\n' +
    'export const d = (w: unknown, db: Db) => [w as string, db satisfies Db, w as never];\n' +
    "import type { Tx as T } from '../../db/client.js';\ntype W = AuditedTx | null;\n" +
    'export const e = (x: unknown) => [x as AuditedTx | undefined, x as T, x as W];\n' +
    'export const f = (ctx: { deps: { db: unknown } }) => ctx.deps.db as never;\n';
  const files = [
    planted(`${dir}/zz-planted.repository.ts`, body),
    planted('apps/server/src/testing/zz-planted.ts', body),
  ];
  try {
    const found = violations(files);
    assert.deepEqual(found, [
      `${dir}/zz-planted.repository.ts:1: casts to 'AuditedTx' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:2: casts to 'Db' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:3: casts to 'Writer' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:8: casts to 'AuditedTx' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:8: casts to 'Tx' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:8: casts to 'AuditedTx' — only writeAudited and writeUnaudited hand out a writer`,
      `${dir}/zz-planted.repository.ts:9: casts to 'never' — only writeAudited and writeUnaudited hand out a writer`,
    ]);
  } finally {
    rmSync(path.join(root, dir), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/testing/zz-planted.ts'), { force: true });
  }
});

test("the test fixtures are refused outside tests, the domain's own package inside the domain, and a new unaudited writer", () => {
  const files = [
    planted(
      'apps/server/src/modules/zz-planted/zz-planted.service.ts',
      "import { fixtureDb } from '../../testing/factories.js';\n",
    ),
    planted(
      'apps/server/src/modules/zz-planted/zz-planted.test.ts',
      "import { fixtureDb } from '../../testing/factories.js';\n",
    ),
    planted('packages/domain/src/zz-planted.ts', "import { messages } from '@portal/domain';\n"),
    planted(
      'apps/server/src/modules/zz-planted/zz-planted.repository.ts',
      "import { writeUnaudited as w } from '../../platform/audit.js';\nexport const x = (db) => w<void>(db, 'session use', async () => {});\n",
    ),
  ];
  try {
    assert.deepEqual(violations(files).sort(), [
      'apps/server/src/modules/zz-planted/zz-planted.repository.ts: imports writeUnaudited — a write without an audit event; if it is one of UNAUDITED_REASONS, add the file to UNAUDITED_CALLERS in scripts/check-boundaries.mjs',
      "apps/server/src/modules/zz-planted/zz-planted.service.ts: imports '../../testing/factories.js' — the test fixtures are for tests: they write around the audited doors",
      "packages/domain/src/zz-planted.ts: imports '@portal/domain' — the domain imports its own files, not its package (a cycle through its index)",
    ]);
  } finally {
    rmSync(path.join(root, 'apps/server/src/modules/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'packages/domain/src/zz-planted.ts'), { force: true });
  }
});
