// A planted text typed into a screen must be reported; what the checker lets pass is stated in its comment.

import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { typedTexts, violations } from './check-ui-text.mjs';

const root = path.resolve(import.meta.dirname, '..');

test('reports a planted JSX label and a planted JSX text in a screen of the web app', () => {
  const file = path.join(root, 'apps/web/src/features/zz-planted/zz-planted-page.tsx');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    'export const Planted = () => <TextInput label="First name" />;\nexport const Text = () => <p>Hello</p>;\n',
  );
  try {
    const found = violations().filter((line) => line.includes('zz-planted'));
    assert.deepEqual(found, [
      'apps/web/src/features/zz-planted/zz-planted-page.tsx:1: label="First name"',
      'apps/web/src/features/zz-planted/zz-planted-page.tsx:2: text "Hello"',
    ]);
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
});

test('reports every kind of typed text', () => {
  const source = `
    const a = <Button>Save</Button>;
    const b = <Title>{'Users'}</Title>;
    const c = <Title>{\`Firms\`}</Title>;
    const d = <TextInput placeholder="Search" title='Search' description={'Optional'} />;
    const e = <ActionIcon aria-label="Refresh" />;
    const f = <ConfirmModal confirmLabel="Remove" emptyText={\`None\`} />;
    const g = <Fieldset legend="Custodians" />;
    const h = <img alt="Logo" />;
    const columns = [{ label: 'Email', sortKey: 'email' }, { label: \`Status\` }];
    const i = <TextInput label={\`Search \${title.toLowerCase()}\`} />;
    const j = <img alt={\`\${firm.name} logo\`} />;
    const k = <ActionIcon aria-label={\`Actions for \${name}\`} />;
    const years = [{ label: \`FY \${y}\` }, { label: \`\${name} (off)\` }];
    const l = <Text>{\` The link works until \${date}.\`}</Text>;
    const m = <Button>{isNew ? 'Submit' : ui.save}</Button>;
    const n = <Modal title={entry ? nameOf(entry) : \`New \${kind}\`} />;
    const o = <TextInput label={'Hello ' + name} />;
  `;
  assert.deepEqual(
    typedTexts(source).map((line) => line.replace(/^input\.tsx:\d+: /, '')),
    [
      'text "Save"',
      'text "Users"',
      'text "Firms"',
      'placeholder="Search"',
      'title="Search"',
      'description="Optional"',
      'aria-label="Refresh"',
      'confirmLabel="Remove"',
      'emptyText="None"',
      'legend="Custodians"',
      'alt="Logo"',
      'label: "Email"',
      'label: "Status"',
      `label="Search \${title.toLowerCase()}"`,
      `alt="\${firm.name} logo"`,
      `aria-label="Actions for \${name}"`,
      `label: "FY \${y}"`,
      `label: "\${name} (off)"`,
      `text "The link works until \${date}."`,
      'text "Submit"',
      `title="New \${kind}"`,
      `label="'Hello ' + name"`,
    ],
  );
});

test('lets pass texts from the messages, text without a letter, templates without a word, and attributes that hold no words', () => {
  const source = `
    const a = <TextInput label={m.firstName} placeholder={ui.search}>{ui.save}</TextInput>;
    const b = <Text>{count} · {total} — (3) / 100%</Text>;
    const c = <TextInput type="email" autoComplete="username" aria-labelledby="title-id" data-testid="email" />;
    const d = <Group justify="flex-end" c="gray.8" />;
    const e = <Text>{cond ? m.yes : m.no}</Text>;
    const f = [{ label: m.email, value: 'email', sortKey: 'last_name' }, { label: m.off(name) }];
    const g = <Text aria-label={\`\${a} \${b}\`}>{\`\${n} / \${m}\`}</Text>;
    const h = [{ label: \`\${first}, \${last}\` }, { label: \`\${count}×\`, title: \`\${x}h\` }];
    const i = <Text>{cond ? m.yes : \`(\${count})\`}</Text>;
    const j = <a href={\`/firms/\${id}/edit\`} className={\`\${a} text\`}>{m.open}</a>;
    const k = <Text title={first + ' ' + last}>{count + 1}</Text>;
  `;
  assert.deepEqual(typedTexts(source), []);
});
