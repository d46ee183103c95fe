// Every user-facing text of the web app lives in packages/domain/src/messages/ (docs/architecture.md,
// "Messages"); this check, run by `npm run lint`, fails on text typed into a screen instead.
//
// What counts as typed text, in the web app's .ts and .tsx files (tests excluded: they name what a person reads):
// - a JSX text child with a letter in it (`<Button>Save</Button>`), and a string or a template without
//   placeholders as a child (`{'Save'}`, `{`Save`}`);
// - a literal with a letter in it given to an attribute a person reads or hears: `label`, `placeholder`,
//   `title`, `description`, `alt`, `message`, `tooltip`, `legend`, `caption`, every `aria-*` that holds
//   words (`aria-label`, `aria-description`, `aria-placeholder`, `aria-roledescription`,
//   `aria-valuetext`), and any attribute named like one (`confirmLabel`, `emptyText`, `loadingTitle`,
//   `nothingFoundMessage`: ending in Label, Title, Text, Message, Placeholder or Description), as
//   `attr="…"`, `attr={'…'}` or `attr={`…`}`;
// - the same literal as an object's property of such a name (a column's `{ label: 'Email' }`, a tab's, a
//   select option's, a row action's, a toast's `title`);
// - in those same three places, a template with placeholders whose static parts hold a word, two or more
//   letters in a row (`{`Search ${title}`}`, `alt={`${name} logo`}`, `label: `FY ${year}``): the static
//   parts are typed in the code, only the placeholders are data. Such a text belongs in the messages as a
//   function of its data (`searchIn: (title: string) => `Search ${title}``), so a translator sees the
//   whole sentence;
// - any of those as a branch of a choice in one of those places (`{isNew ? 'Submit' : ui.save}`,
//   `label={stored || `Client ${id}`}`, `{expires && ` Valid until ${date}.`}`), or joined to data by `+`
//   (`label={'Hello ' + name}`).
// What does not count: text without a letter (punctuation, digits, symbols: '—', '·', '/', '(3)'), an
// attribute that holds no words (`type`, `autoComplete`, `aria-labelledby`, `data-*`, class names), and a
// template whose static parts hold no word (`${first} ${last}`, `${n} / ${m}`, `${count}×`: data joined by
// punctuation or a one-letter unit). A message passed to a function (`notifySuccess('Saved.')`) is not
// seen either: the messages hold those by the same rule.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// Vite's parser (oxc, through rolldown): the web app's own build tool, which reads TypeScript and JSX.
import { parseAst } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = 'apps/web/src';

const NAMED = /^(label|placeholder|title|description|alt|message|tooltip|legend|caption)$/;
const ARIA = /^aria-(label|description|placeholder|roledescription|valuetext)$/;
const SUFFIX = /[a-z](Label|Title|Text|Message|Placeholder|Description)$/;
const LETTER = /\p{L}/u;
const WORD = /\p{L}{2,}/u;

/** Whether an attribute of this name is read or heard by a person. */
export const isTextAttribute = (name) => NAMED.test(name) || ARIA.test(name) || SUFFIX.test(name);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name)) yield full;
  }
}

/** The text of a literal node (a string, or a template without placeholders), else null. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  return null;
}

/**
 * The typed text of a node, shown with its placeholders as written, else null: a literal with a letter in
 * it, or a template with placeholders whose static parts hold a word.
 */
function typedText(node, source) {
  if (!node) return null;
  if (node.type === 'JSXExpressionContainer' || node.type === 'ParenthesizedExpression')
    return typedText(node.expression, source);
  // A choice between texts (`cond ? 'On' : 'Off'`, `given || 'None'`, `cond && 'Note'`) is typed text on either side.
  if (node.type === 'ConditionalExpression')
    return typedText(node.consequent, source) ?? typedText(node.alternate, source);
  if (node.type === 'LogicalExpression') return typedText(node.left, source) ?? typedText(node.right, source);
  // Text joined to data by `+` ('Hello ' + name) is a template written the long way.
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const part = [node.left, node.right]
      .map((n) => literalText(n) ?? typedText(n, source))
      .find((t) => t && WORD.test(t));
    return part ? source.slice(node.start, node.end) : null;
  }
  if (node.type === 'TemplateLiteral' && node.expressions.length > 0) {
    if (!node.quasis.some((quasi) => WORD.test(quasi.value.cooked ?? quasi.value.raw))) return null;
    return node.quasis
      .map((quasi, i) => {
        const expression = node.expressions[i];
        return quasi.value.raw + (expression ? `\${${source.slice(expression.start, expression.end)}}` : '');
      })
      .join('');
  }
  const text = literalText(node);
  return text !== null && LETTER.test(text) ? text : null;
}

const lineOf = (text, offset) => text.slice(0, offset).split('\n').length;
const shown = (text) => JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 60));

/** Every typed text in one file's source, as readable lines (`file:line: …`). */
export function typedTexts(source, file = 'input.tsx') {
  const found = [];
  const report = (node, what) => found.push(`${file}:${lineOf(source, node.start)}: ${what}`);
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'JSXText' && LETTER.test(node.value)) report(node, `text ${shown(node.value)}`);
    if (node.type === 'JSXExpressionContainer' && node.parent === 'child') {
      const text = typedText(node.expression, source);
      if (text !== null) report(node, `text ${shown(text)}`);
    }
    if (node.type === 'Property' && !node.computed && node.kind === 'init' && !node.method) {
      const name = node.key.type === 'Identifier' ? node.key.name : String(node.key.value ?? '');
      const text = isTextAttribute(name) ? typedText(node.value, source) : null;
      if (text !== null) report(node, `${name}: ${shown(text)}`);
    }
    if (node.type === 'JSXAttribute' && node.name.type === 'JSXIdentifier' && isTextAttribute(node.name.name)) {
      const text = typedText(node.value, source);
      if (text !== null) report(node, `${node.name.name}=${shown(text)}`);
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent' || !value || typeof value !== 'object') continue;
      if ((node.type === 'JSXElement' || node.type === 'JSXFragment') && key === 'children') {
        // A child expression is text only where it stands as a child, not as an attribute's value.
        for (const child of value)
          visit(child.type === 'JSXExpressionContainer' ? { ...child, parent: 'child' } : child);
      } else visit(value);
    }
  };
  visit(parseAst(source, { lang: file.endsWith('.ts') ? 'ts' : 'tsx' }));
  return found;
}

/** Every typed text of the web app (paths relative to the repository). */
export function violations(files = [...walk(path.join(root, SOURCE))]) {
  return files.flatMap((file) =>
    typedTexts(readFileSync(file, 'utf8'), path.relative(root, file).split(path.sep).join('/')),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  if (found.length) {
    console.error(
      `Text typed into the web app; put it in packages/domain/src/messages/ and read it from there:\n${found.map((l) => `  ${l}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('UI text: every text comes from the messages.');
}
