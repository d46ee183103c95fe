// Planted citations in code, a test name and a document must be reported: a section sign, a spec or an
// issue by number, and the product's specification leaned on as a source (its toast, its defaults, "per" it). The
// words the checker must not mistake for one must pass: a zod issue's code, a token issued, specific and
// specified, an import specifier, a Playwright `*.spec.ts` file, the OpenAPI specification, a variable
// named after its filter's description.

import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { citations } from './check-citations.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECTION = '\u00a7';
// Spelt apart, so that this file does not cite what it plants.
const SPEC = 'spec';
const SPECIFICATION = `${SPEC}ification`;

/** Plants `lines` in a file of the code and `doc` in a document; returns the line numbers reported in each. */
function reported(lines, doc) {
  const code = path.join(root, 'apps/server/src/zz-planted-citation.ts');
  const md = path.join(root, 'docs/zz-planted-citation.md');
  writeFileSync(code, lines.join('\n'));
  writeFileSync(md, doc);
  try {
    const found = citations([code, md]);
    const everywhere = citations().filter((line) => line.includes('zz-planted-citation'));
    assert.deepEqual(everywhere, found, 'the default walk reads the planted files too');
    return found.map((line) => line.split(': ')[0]);
  } finally {
    rmSync(code, { force: true });
    rmSync(md, { force: true });
  }
}

test('reports a section sign, or a spec or an issue by number, in code, a test name and a document, and nothing else', () => {
  const found = reported(
    [
      `// A session ends after 30 idle minutes (${SPEC} 000 ${SECTION}9).`,
      `it('refuses a third failed sign-in (${'issue'} 12)', () => {});`,
      `/** As ${SECTION}4 says. */`,
      'const message = (issue: { code: string }) => issue.code;',
      '// A token issued 10 minutes ago, and issue 4a of the form (not a number on its own).',
      `/** One page of a list (${'DESIGN'}.md "The HTTP contract"). */`,
    ],
    `# Sessions\n\nSee ${'Issue'} #13 for the image.\n`,
  );
  assert.deepEqual(found, [
    'apps/server/src/zz-planted-citation.ts:1',
    'apps/server/src/zz-planted-citation.ts:2',
    'apps/server/src/zz-planted-citation.ts:3',
    'apps/server/src/zz-planted-citation.ts:6',
    'docs/zz-planted-citation.md:3',
  ]);
});

test('reports the product specification leaned on as a source, and lets the words that only look alike pass', () => {
  const found = reported(
    [
      `/** A failed download told where the ${SPEC}'s toast puts it. */`,
      `it("starts from the ${SPEC}\u2019s defaults", () => {});`,
      `// A complete date is shown the one way the ${SPEC} writes it.`,
      `it('refuses a form with every message of the ${SPEC}', async () => {});`,
      `// Dollars, per ${SPEC}.`,
      `it('answers every missing field with the ${SPEC} message', () => {});`,
      `// The firm calendar of the ${SPECIFICATION}.`,
      '// A specific date, as specified, with an import specifier, and nothing to inspect.',
      `// The journey's own file (captcha-sessions.${SPEC}.ts), and the ${SPEC} file beside it.`,
      `const initialOf = (${SPEC}: FilterSpec) => (typeof ${SPEC} === 'string' ? ${SPEC} : ${SPEC}.initial);`,
      `import type { StandardSchemaV1 } from '@standard-schema/${SPEC}';`,
      `// The API is described by the OpenAPI ${SPECIFICATION} at /api/openapi.json.`,
    ],
    `# Support\n\nThe columns are the ${SPEC}'s.\n\nRun \`e2e/tests/sso.${SPEC}.ts\` alone.\n`,
  );
  assert.deepEqual(found, [
    'apps/server/src/zz-planted-citation.ts:1',
    'apps/server/src/zz-planted-citation.ts:2',
    'apps/server/src/zz-planted-citation.ts:3',
    'apps/server/src/zz-planted-citation.ts:4',
    'apps/server/src/zz-planted-citation.ts:5',
    'apps/server/src/zz-planted-citation.ts:6',
    'apps/server/src/zz-planted-citation.ts:7',
    'docs/zz-planted-citation.md:3',
  ]);
});
