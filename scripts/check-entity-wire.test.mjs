// A planted hand-written wire mapping must be reported: the checker is only worth its rules.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { codeOf, violations } from './check-entity-wire.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** A template's `${` as planted source text. */
const PLACEHOLDER = '$' + '{';

function planted(file, content) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

test('reports a hand mapper and an object copying columns to wire names, and passes what a field table answers', () => {
  const dir = 'apps/server/src/modules/zz-planted';
  const files = [
    planted(
      `${dir}/zz-planted.service.ts`,
      [
        'const toWire = (r: Row) => ({ id: r.id, file_name: r.fileName, content_type: r.contentType, uploaded_at: r.uploadedAt.toISOString() });',
        '',
        'export function toNoteDto(r: Row) {',
        '  return { id: r.id, title: r.title };',
        '}',
        '',
        'export const list = (rows: Row[]) =>',
        '  rows.map((r) => ({ id: r.id, file_name: r.fileName, content_type: r.contentType, uploaded_by_name: r.uploadedByName }));',
        '',
      ].join('\n'),
    ),
    planted(
      `${dir}/zz-allowed.service.ts`,
      [
        '// An entity answers; an audit event names two fields in its own words; text and comments do not count.',
        'const toWire = (r: Row) => noteEntity.toWire(r) as Note;',
        '',
        "const changes = { client: doc.clientId, file_name: doc.fileName, sha256: doc.sha256, note: 'file_name: r.fileName' };",
        '// { file_name: r.fileName, content_type: r.contentType, uploaded_at: r.uploadedAt }',
        `const text = \`${PLACEHOLDER}a} { file_name: r.fileName, content_type: r.contentType, size_of: r.sizeOf }\`;`,
        '',
      ].join('\n'),
    ),
  ];
  try {
    const found = violations(files);
    assert.equal(found.length, 4, found.join('\n'));
    const all = found.join('\n');
    assert.match(all, /zz-planted\.service\.ts:1: 'toWire' maps a record to the wire by hand/);
    assert.match(
      all,
      /zz-planted\.service\.ts:1: an object copies columns to wire names by hand \(file_name, content_type, uploaded_at\)/,
    );
    assert.match(all, /zz-planted\.service\.ts:3: 'toNoteDto' maps a record to the wire by hand/);
    assert.match(all, /zz-planted\.service\.ts:8: .*\(file_name, content_type, uploaded_by_name\)/);
    assert.doesNotMatch(all, /zz-allowed/);
  } finally {
    rmSync(path.join(root, dir), { recursive: true, force: true });
  }
});

test('blanks comments and string contents but keeps the code of a template', () => {
  assert.equal(
    codeOf(`a // b {\nc = '{x}' + \`y${PLACEHOLDER} {z: 1}.z }w\`;`),
    `a       \nc = '   ' + \` ${PLACEHOLDER} {z: 1}.z } \`;`,
  );
});
