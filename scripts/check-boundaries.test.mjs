// A planted import across each boundary must be reported: the checker is only worth its rules.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { violations } from './check-boundaries.mjs';

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
      "import { listUsers } from '../users/users.repository.js';\nimport { accounts } from '../users/users.service.js';\n",
    ),
    planted('packages/domain/src/zz-planted.ts', "import { readFileSync } from 'node:fs';\n"),
  ];
  try {
    const found = violations(files);
    assert.equal(found.length, 4, found.join('\n'));
    assert.match(
      found.join('\n'),
      /features\/zz-planted\/page\.tsx: imports '\.\.\/users\/users-page' — web features do not import each other/,
    );
    assert.match(found.join('\n'), /platform\/zz-planted\.ts: .* platform imports no module/);
    assert.match(found.join('\n'), /users\.repository\.js' — a module uses another module only through its service/);
    assert.match(found.join('\n'), /domain\/src\/zz-planted\.ts: imports 'node:fs' — the domain is pure/);
  } finally {
    rmSync(path.join(root, 'apps/web/src/features/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/modules/zz-planted'), { recursive: true, force: true });
    rmSync(path.join(root, 'apps/server/src/platform/zz-planted.ts'), { force: true });
    rmSync(path.join(root, 'packages/domain/src/zz-planted.ts'), { force: true });
  }
});
