// A planted citation in code, a test name and a document must be reported; the words the checker must
// not mistake for one (a zod issue's code, a token issued) must pass.

import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { citations } from './check-citations.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECTION = '\u00a7';

test('reports a cited spec section or issue in code, a test name and a document, and nothing else', () => {
  const code = path.join(root, 'apps/server/src/zz-planted-citation.ts');
  const doc = path.join(root, 'docs/zz-planted-citation.md');
  writeFileSync(
    code,
    [
      `// A session ends after 30 idle minutes (${'spec'} 000 ${SECTION}9).`,
      `it('refuses a third failed sign-in (${'issue'} 12)', () => {});`,
      `/** As ${SECTION}4 says. */`,
      'const message = (issue: { code: string }) => issue.code;',
      '// A token issued 10 minutes ago, and issue 4a of the form (not a number on its own).',
    ].join('\n'),
  );
  writeFileSync(doc, `# Sessions\n\nSee ${'Issue'} #13 for the image.\n`);
  try {
    const found = citations([code, doc]);
    assert.deepEqual(
      found.map((line) => line.split(': ')[0]),
      [
        'apps/server/src/zz-planted-citation.ts:1',
        'apps/server/src/zz-planted-citation.ts:2',
        'apps/server/src/zz-planted-citation.ts:3',
        'docs/zz-planted-citation.md:3',
      ],
      found.join('\n'),
    );
    const everywhere = citations().filter((line) => line.includes('zz-planted-citation'));
    assert.equal(everywhere.length, 4, 'the default walk reads the planted files too');
  } finally {
    rmSync(code, { force: true });
    rmSync(doc, { force: true });
  }
});
