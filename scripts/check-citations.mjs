// Comments, tests and documents state the rule they mean in words. A citation of a document the
// repository does not hold tells a reader nothing, so `npm run lint` fails on one: a section sign, a
// spec or an issue by its number, or the product's specification named as the source of a rule ("as
// that document writes it", its messages, its defaults) instead of the rule itself, or the team's
// design document, kept outside the repository. Words that only look alike pass: specific, specified,
// specifier, a Playwright `*.spec.ts` file, the OpenAPI specification. Run with file paths to check only
// those.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Folders never read: installed packages, build output, data and test artefacts. */
const SKIP = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.tmp',
  'test-results',
  'bench-profiles',
  'playwright-report',
]);
/** The text files of the repository: code, styles, scripts, documents and the build's own files. */
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|md|sh|yaml|yml|html|conf)$|^(Dockerfile|run)$/;

/** A cited number: a section sign, or "spec", "issue" or "issues" before a number ("#" allowed). */
const NUMBERED = /\u00a7|\bspec\s+\d{3}\b|\bissues?\s+#?\d+\b/i;

/**
 * The product's specification named as the source of a rule, in three shapes (X standing for the word
 * spec or specification):
 * - after a determiner (the, this, that, per, our, its, their): "as the X writes it", "per X"; not when a
 *   test file's word follows (file, folder, runner, pattern), nor in a file name (`login.spec.ts`);
 * - possessive, with either apostrophe: "the X's toast";
 * - before what a document holds: "X message", "X defaults", "X section".
 * The OpenAPI specification passes: its determiner stands before "OpenAPI".
 */
const SPEC_DOCUMENT = new RegExp(
  [
    String.raw`\b(?:the|this|that|per|our|its|their)\s+spec(?:ification)?\b(?![-.]\w|\s+(?:files?|folders?|runners?|patterns?)\b)`,
    String.raw`\bspec(?:ification)?['\u2019]s\b`,
    String.raw`\bspec\s+(?:messages?|texts?|toasts?|defaults?|wording|labels?|columns?|names?|sections?|rules?|says|writes|gives|requires)\b`,
  ].join('|'),
  'i',
);

/** The team's design document, kept beside the repository, not in it: a reader here cannot open it. */
const OUTSIDE_DOCUMENT = /\bDESIGN\.md\b/;

/** What a citation looks like: a cited number, the product's specification as a source, or a document kept outside. */
export const CITATION = new RegExp(`${NUMBERED.source}|${SPEC_DOCUMENT.source}|${OUTSIDE_DOCUMENT.source}`, 'i');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (TEXT.test(name)) yield full;
  }
}

/** Every line that cites a document the repository does not hold, as `file:line: text`. */
export function citations(files = [...walk(root)]) {
  const found = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const found = citations(args.length > 0 ? args.map((a) => path.resolve(a)) : undefined);
  if (found.length > 0) {
    console.error(
      `${found.join('\n')}\n\n${found.length} line(s) cite a document the repository does not hold (a section, a spec or issue number, or the product's specification as a source): state the rule or the fact in words instead (the message itself, the default values, 'as MM/DD/YYYY').`,
    );
    process.exit(1);
  }
  console.log('Citations: none.');
}
