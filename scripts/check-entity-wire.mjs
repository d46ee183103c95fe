// A record's wire shape is derived from its field table (`bindEntity` in apps/server/src/platform/entity.ts:
// `toWire`, `wireJson`, and a list's `listRow`), never written again by hand in a module. How it is detected: each
// server module file (apps/server/src/modules, tests aside) is read as code, its comments and string
// contents blanked, and `npm run lint` fails on either of these:
// - a function or constant named like a hand mapper (`toWire`, `toDto`, `to…Dto`) whose declaration (up
//   to a blank line or a closing brace at the start of a line) does not call a bound entity's `.toWire(`
//   or `.wireJson(`, a list row's included (`const toWire = (r) => linkEntity.toWire(r) as FirmLink` is fine);
// - an object literal with three or more properties that copy a column to its wire name: a snake_case
//   key whose value reads the property of the same name in camelCase (`file_name: r.fileName`,
//   `uploaded_at: r.uploadedAt.toISOString()`, `first_name: users.firstName` in a select). One or two
//   are an audit event's or a mail's own wording (`file_name: doc.fileName, sha256`); three are a
//   record's wire shape, which a field table gives.
// Every record module passes; there is no list of exceptions. Run with file paths to check only those.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MODULES = path.join(root, 'apps/server/src/modules');

/** A function or constant named as a hand-written mapper to the wire. */
const MAPPER = /\b(?:function\s+|(?:const|let|var)\s+)(toWire|toDto|to[A-Z]\w*Dto)\b/g;
/** `snake_key: something.camelKey`: the key has an underscore, the value names a property. */
const COPY = /(?<![\w.$])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*:\s*[\w$.?!()[\]]*?\.([A-Za-z_$][\w$]*)/g;

const camel = (snake) => snake.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) yield full;
  }
}

/**
 * The text with comments and string contents blanked (same length, lines kept), so braces and words
 * in them count for nothing. Template literals keep their `${…}` parts, which are code.
 */
export function codeOf(text) {
  let out = '';
  const templates = [];
  let i = 0;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === "'" || c === '"' || c === '`' || (c === '}' && templates.at(-1) === 0)) {
      // A string, a template, or the rest of a template after one of its `${…}` parts.
      if (c === '}') templates.pop();
      const quote = c === '}' ? '`' : c;
      out += c;
      i += 1;
      while (i < text.length && text[i] !== quote) {
        if (text[i] === '\\') {
          out += '  ';
          i += 2;
          continue;
        }
        if (quote === '`' && text[i] === '$' && text[i + 1] === '{') break;
        out += text[i] === '\n' ? '\n' : ' ';
        i += 1;
      }
      if (quote === '`' && text[i] === '$') {
        out += '${';
        i += 2;
        templates.push(0);
      } else {
        out += text[i] ?? '';
        i += 1;
      }
    } else {
      if (templates.length && c === '{') templates[templates.length - 1] += 1;
      if (templates.length && c === '}') templates[templates.length - 1] -= 1;
      out += c;
      i += 1;
    }
  }
  return out;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Every hand-written wire mapping of the files, as `file:line: what`. */
export function handMappings(files = [...walk(MODULES)]) {
  const found = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const code = codeOf(readFileSync(file, 'utf8'));
    for (const m of code.matchAll(MAPPER)) {
      // The declaration up to its end (a blank line or a closing brace at the start of a line).
      const rest = code.slice(m.index);
      const end = rest.search(/\n(\n|\})/);
      if (/\.(toWire|wireJson)\(/.test(end === -1 ? rest : rest.slice(0, end))) continue;
      found.push(`${rel}:${lineOf(code, m.index)}: '${m[1]}' maps a record to the wire by hand`);
    }
    // The innermost open brace of each position: copies are counted per object literal.
    const owner = new Array(code.length);
    const stack = [];
    for (let i = 0; i < code.length; i++) {
      if (code[i] === '{') stack.push(i);
      else if (code[i] === '}') stack.pop();
      owner[i] = stack.at(-1) ?? -1;
    }
    const copies = new Map();
    for (const m of code.matchAll(COPY)) {
      if (camel(m[1]) !== m[2]) continue;
      const brace = owner[m.index];
      copies.set(brace, [...(copies.get(brace) ?? []), m]);
    }
    for (const list of copies.values())
      if (list.length >= 3)
        found.push(
          `${rel}:${lineOf(code, list[0].index)}: an object copies columns to wire names by hand (${list
            .map((m) => m[1])
            .join(', ')})`,
        );
  }
  return found;
}

/** The check: every hand mapping of the files (all module files when none are named). */
export function violations(files) {
  return handMappings(files);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const found = violations(args.length > 0 ? args.map((a) => path.resolve(a)) : undefined);
  if (found.length > 0) {
    console.error(
      `${found.join('\n')}\n\n${found.length} hand-written wire mapping(s): describe the record in a field table (defineFields) and answer with its bound entity (bindEntity's toWire or wireJson, listRow for a list's row).`,
    );
    process.exit(1);
  }
  console.log('Wire shapes: from field tables.');
}
