// Comments, tests and documents state the rule they mean in words. A citation of a document the
// repository does not hold (a spec or an issue by its number, a section sign) tells a reader nothing, so
// `npm run lint` fails on one. Run with file paths to check only those.
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

/** What a citation looks like: a section sign, or "spec", "issue" or "issues" before a number ("#" allowed). */
export const CITATION = /\u00a7|\bspec\s+\d{3}\b|\bissues?\s+#?\d+\b/i;

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
      `${found.join('\n')}\n\n${found.length} line(s) cite a document the repository does not hold: state the rule in words instead.`,
    );
    process.exit(1);
  }
  console.log('Citations: none.');
}
