// The layer rules of DESIGN.md, checked on every `npm run lint`. Each import of the workspaces is
// resolved to the file it names, then judged by the rules below. (dependency-cruiser needs the
// TypeScript compiler API, which TypeScript 7 does not ship; Biome's restricted imports match the
// import's text, not the file it resolves to.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['packages/domain/src', 'apps/server/src', 'apps/web/src'];

/**
 * Each rule: files whose path matches `from` may not import a file matching `to` (a function of the
 * `from` match, so a rule can say "another module than mine"), nor a package matching `packages`.
 */
export const RULES = [
  {
    name: 'platform imports no module',
    from: /^apps\/server\/src\/platform\//,
    to: () => /^apps\/server\/src\/modules\//,
  },
  {
    name: 'a module uses another module only through its service',
    from: /^apps\/server\/src\/modules\/([^/]+)\//,
    to: ([, own]) => new RegExp(`^apps/server/src/modules/(?!${own}/)([^/]+)/(?!\\1\\.service\\.ts$)`),
  },
  {
    name: 'web features do not import each other',
    from: /^apps\/web\/src\/features\/([^/]+)\//,
    to: ([, own]) => new RegExp(`^apps/web/src/features/(?!${own}/)`),
  },
  {
    name: 'shared web code does not import a feature',
    from: /^apps\/web\/src\/(components|lib)\//,
    to: () => /^apps\/web\/src\/features\//,
  },
  {
    name: 'the web app does not import the server',
    from: /^apps\/web\//,
    to: () => /^apps\/server\//,
  },
  {
    name: 'the domain is pure: no database, no HTTP, no React, no Node APIs',
    from: /^packages\/domain\/src\//,
    to: () => /^apps\//,
    packages: /^(node:|drizzle-orm|fastify|react|@mantine|pg$|@electric-sql)/,
  },
];

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

/** A relative import as the file it names: `.js` written for NodeNext stands for the `.ts` source. */
function resolve(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.tsx`];
  candidates.push(path.join(base, 'index.ts'), path.join(base, 'index.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

/** Every broken rule in the given files (paths relative to the repository), as readable lines. */
export function violations(files = SOURCES.flatMap((dir) => [...walk(path.join(root, dir))])) {
  const found = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      const target = spec.startsWith('.') ? path.relative(root, resolve(file, spec)).split(path.sep).join('/') : null;
      for (const rule of RULES) {
        const from = rel.match(rule.from);
        if (!from) continue;
        const bad = target ? rule.to(from).test(target) : Boolean(rule.packages?.test(spec));
        if (bad) found.push(`${rel}: imports '${spec}' — ${rule.name}`);
      }
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  if (found.length) {
    console.error(
      `Layer rules broken (see DESIGN.md, "Rules of the house"):\n${found.map((l) => `  ${l}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log('Layer rules: no violations.');
}
