// The layer rules of docs/architecture.md, checked on every `npm run lint`. Each import of the workspaces is
// resolved to the file it names, then judged by the rules below; then no file may reach itself through
// its imports (an import cycle), nor a server module reach itself through other modules. (dependency-cruiser needs the
// TypeScript compiler API, which TypeScript 7 does not ship; Biome's restricted imports match the
// import's text, not the file it resolves to.)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// Vite's parser (oxc): the casts are read from the syntax tree, not the text, so comments never count.
import { parseAst } from 'vite';

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
    name: 'a repository imports no service (a service calls its repository, never the reverse)',
    from: /^apps\/server\/src\/modules\/.*\.repository\.ts$/,
    to: () => /\.service\.ts$/,
  },
  {
    name: 'routes are thin: SQL belongs to the repository',
    from: /^apps\/server\/src\/modules\/.*\.routes\.ts$/,
    to: () => /^apps\/server\/src\/(db\/schema\/|modules\/[^/]+\/[^/]+\.repository\.ts$)/,
    packages: /^drizzle-orm/,
  },
  {
    name: 'a service holds rules, not SQL: tables and drizzle-orm belong to the repository',
    from: /^apps\/server\/src\/modules\/.*\.service\.ts$/,
    to: () => /^apps\/server\/src\/db\/schema\//,
    packages: /^drizzle-orm/,
  },
  {
    name: 'the test fixtures are for tests: they write around the audited doors',
    from: /^apps\/server\/src\/(?!testing\/)(?!.*\.test(-d)?\.ts$)/,
    to: () => /^apps\/server\/src\/testing\//,
  },
  {
    name: 'the domain imports its own files, not its package (a cycle through its index)',
    from: /^packages\/domain\/src\//,
    to: () => /^$/,
    packages: /^@portal\/domain/,
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

const IMPORT = /(?:^|[\s;])(import|export)\s([^'"`;]*?)from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

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

const relative = (file) => path.relative(root, file).split(path.sep).join('/');
const allFiles = () => SOURCES.flatMap((dir) => [...walk(path.join(root, dir))]);

/**
 * Each import and `export … from` of a file: its text, the file it names (null for a package), whether
 * it is an export, and the names it brings (`type` ones marked).
 */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(IMPORT)].map((match) => {
    const spec = match[3] ?? match[4];
    const clause = match[2] ?? '';
    const typeOnly = /^type\s/.test(clause.trim());
    const names = [...clause.matchAll(/(?:^|[{,])\s*(type\s+)?(\w+)(?:\s+as\s+(\w+))?(?=\s*[,}])/g)].map((n) => ({
      name: n[3] ?? n[2],
      original: n[2],
      type: typeOnly || Boolean(n[1]),
    }));
    const target = spec.startsWith('.') ? relative(resolve(file, spec)) : null;
    return { spec, target, isExport: match[1] === 'export', names };
  });
  return { text, imports };
}

const isRepository = (rel) => /^apps\/server\/src\/modules\/.*\.repository\.ts$/.test(rel);

/**
 * A service hands out service functions, never its repository's: no `export … from` a repository, and
 * no export (a name, a constant, an object's property) that is a repository's function or value as is.
 * A caller then goes through the service's rules and names, and the repository stays the module's own.
 */
function reExportsOfRepository(rel, { text, imports }) {
  if (!/^apps\/server\/src\/modules\/.*\.service\.ts$/.test(rel)) return [];
  const found = [];
  const fromRepository = new Set();
  for (const i of imports) {
    if (!i.target || !isRepository(i.target)) continue;
    if (i.isExport) found.push(`${rel}: re-exports '${i.spec}' — a service does not re-export a repository`);
    else for (const n of i.names) if (!n.type) fromRepository.add(n.name);
  }
  if (!fromRepository.size) return found;
  const named = (list) =>
    list.split(',').map((n) =>
      n
        .trim()
        .split(/\s+as\s+/)[0]
        .replace(/^type\s+/, ''),
    );
  for (const m of text.matchAll(/export\s*\{([^}]*)\}\s*(?!\s*from)/g))
    for (const n of named(m[1]))
      if (fromRepository.has(n))
        found.push(`${rel}: exports '${n}' of a repository — a service does not re-export a repository`);
  // `export const x = repositoryFn;` and `export const x = { a: repositoryFn, repositoryFn2 }`.
  for (const m of text.matchAll(/export\s+const\s+(\w+)(?:\s*:[^=]+)?\s*=\s*(\{[^;]*?\}|\w+)\s*;/g)) {
    const value = m[2];
    const bare = value.startsWith('{')
      ? [...value.matchAll(/(?:[{,]\s*(\w+)\s*(?=[,}])|:\s*(\w+)\s*(?=[,}]))/g)].map((v) => v[1] ?? v[2])
      : [value];
    for (const n of bare)
      if (fromRepository.has(n))
        found.push(`${rel}: '${m[1]}' hands out '${n}' of a repository — a service does not re-export a repository`);
  }
  return found;
}

/**
 * The compiler keeps writes behind `writeAudited` and `writeUnaudited` only while nothing casts its way
 * past them: a cast to a writer or to the full database is allowed where they are made (the two doors,
 * the database client) and in the tests' fixtures, nowhere else.
 */
const WRITER_TYPES = new Set(['AuditedTx', 'UnauditedWriter', 'Writer', 'Db', 'Tx', 'PgDatabase', 'PgTransaction']);
const MAY_CAST_WRITER = /^apps\/server\/src\/(platform\/audit\.ts|db\/client\.ts|testing\/)/;
const CAST = new Set(['TSAsExpression', 'TSTypeAssertion']);
/** `as never` fits any parameter: refused on what looks like a database or a transaction. */
const DATABASE_VALUE = /(^|\.)(db|tx|database)$/;

/** The writer type a type annotation names anywhere in it (a union, an argument), by `names`, or undefined. */
function writerIn(type, names) {
  let found;
  const visit = (node) => {
    if (found || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === 'TSTypeReference') {
      const name = node.typeName?.name ?? node.typeName?.right?.name;
      if (names.has(name)) found = names.get(name);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(type);
  return found;
}

/**
 * Each cast (`x as T`, `<T>x`) to a writer type in a file's source, with its line: the type named
 * anywhere in the cast's type (`AuditedTx | undefined`), under a local name too (`import type { Db as D }`,
 * `type W = Db`); and `as never` on a value named like a database or a transaction.
 */
export function writerCastsIn(source, rel) {
  const ast = parseAst(source, { lang: rel.endsWith('.tsx') ? 'tsx' : 'ts' });
  /** Local name → the writer type it stands for. */
  const names = new Map([...WRITER_TYPES].map((t) => [t, t]));
  for (const m of source.matchAll(/\b(\w+)\s+as\s+(\w+)\b/g)) if (WRITER_TYPES.has(m[1])) names.set(m[2], m[1]);
  const aliases = (node) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(aliases);
    if (node.type === 'TSTypeAliasDeclaration') {
      const writer = writerIn(node.typeAnnotation, names);
      if (writer) names.set(node.id.name, writer);
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') aliases(value);
  };
  aliases(ast);
  const found = [];
  const report = (node, what) =>
    found.push(
      `${rel}:${source.slice(0, node.start).split('\n').length}: casts to '${what}' — only writeAudited and writeUnaudited hand out a writer`,
    );
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node.type !== 'string') return;
    if (CAST.has(node.type)) {
      const writer = writerIn(node.typeAnnotation, names);
      if (writer) report(node, writer);
      else if (
        node.typeAnnotation?.type === 'TSNeverKeyword' &&
        DATABASE_VALUE.test(source.slice(node.expression.start, node.expression.end).trim())
      )
        report(node, 'never');
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(ast);
  return found;
}

function writerCasts(rel, { text }) {
  if (!rel.startsWith('apps/server/src/') || MAY_CAST_WRITER.test(rel)) return [];
  // Most files name no writer and cast nothing to never: parse only those that do.
  if (![...WRITER_TYPES, 'as never'].some((t) => text.includes(t))) return [];
  return writerCastsIn(text, rel);
}

/**
 * The files that may write without an audit event (`writeUnaudited`), each for one of
 * `UNAUDITED_REASONS`: the sign-in guard's counters and a session's last use. A new caller fails here,
 * so that a write left out of the audit trail is a reviewed decision, not a convenience.
 */
const UNAUDITED_CALLERS = new Set([
  'apps/server/src/modules/account-settings/account-settings.service.ts',
  'apps/server/src/modules/auth/passwords.service.ts',
  'apps/server/src/modules/auth/sessions.service.ts',
  'apps/server/src/modules/auth/sign-in.service.ts',
  'apps/server/src/modules/auth/two-factor.service.ts',
  'apps/server/src/modules/captcha/captcha.service.ts',
]);

function unauditedCalls(rel, { imports }) {
  if (!rel.startsWith('apps/server/src/') || /\.test(-d)?\.ts$/.test(rel)) return [];
  const uses = imports.some(
    (i) => i.target === 'apps/server/src/platform/audit.ts' && i.names.some((n) => n.original === 'writeUnaudited'),
  );
  if (uses && !UNAUDITED_CALLERS.has(rel))
    return [
      `${rel}: imports writeUnaudited — a write without an audit event; if it is one of UNAUDITED_REASONS, add the file to UNAUDITED_CALLERS in scripts/check-boundaries.mjs`,
    ];
  if (!uses && UNAUDITED_CALLERS.has(rel))
    return [`${rel}: no longer imports writeUnaudited — take it off UNAUDITED_CALLERS in scripts/check-boundaries.mjs`];
  return [];
}

/** Every broken rule in the given files (paths relative to the repository), as readable lines. */
export function violations(files = allFiles()) {
  const found = [];
  for (const file of files) {
    const rel = relative(file);
    const parsed = importsOf(file);
    found.push(...reExportsOfRepository(rel, parsed));
    found.push(...writerCasts(rel, parsed));
    found.push(...unauditedCalls(rel, parsed));
    for (const { spec, target } of parsed.imports) {
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

/**
 * One cycle through each strongly connected group of `graph` (a Map of node to Set of nodes), as the
 * list of its nodes from one back to itself.
 */
function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = new Set();
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.add(w);
    } while (w !== v);
    if (group.size > 1 || graph.get(v)?.has(v)) groups.push(group);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  // The shortest way back to the group's first node, through the group only.
  return groups.map((group) => {
    const start = [...group].sort()[0];
    const from = new Map();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift();
      for (const w of [...(graph.get(v) ?? [])].sort()) {
        if (!group.has(w) || from.has(w)) continue;
        from.set(w, v);
        if (w === start) queue.length = 0;
        else queue.push(w);
      }
    }
    const path = [start];
    for (let v = from.get(start); v !== start; v = from.get(v)) path.unshift(v);
    return [start, ...path];
  });
}

/**
 * Every import cycle, as readable lines: of files in the three workspaces, and of the server's modules
 * (a module importing another that imports it back, through any of their files but tests). An import of
 * types only counts: it is erased at run time, but the two files still cannot be understood, moved or
 * split apart, which is what a cycle costs.
 */
export function cycles(files = allFiles()) {
  const graph = new Map();
  const modules = new Map();
  for (const file of files) {
    const rel = relative(file);
    const targets = new Set(importsOf(file).imports.flatMap((i) => (i.target ? [i.target] : [])));
    graph.set(rel, targets);
    const own = rel.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
    if (!own || rel.endsWith('.test.ts')) continue;
    for (const target of targets) {
      const other = target.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];
      if (!other || other === own) continue;
      if (!modules.has(own)) modules.set(own, new Map());
      if (!modules.get(own).has(other)) modules.get(own).set(other, `${rel} → ${target}`);
    }
  }
  for (const name of graph.keys()) graph.set(name, new Set([...graph.get(name)].filter((t) => graph.has(t))));
  const moduleGraph = new Map([...modules].map(([m, to]) => [m, new Set(to.keys())]));
  return [
    ...cyclesOf(graph).map((c) => `import cycle: ${c.join(' → ')}`),
    ...cyclesOf(moduleGraph).map(
      (c) =>
        `module cycle: ${c.join(' → ')} (${c
          .slice(1)
          .map((m, i) => modules.get(c[i]).get(m))
          .join('; ')})`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = violations();
  if (found.length) {
    console.error(`Layer rules broken (see docs/architecture.md):\n${found.map((l) => `  ${l}`).join('\n')}`);
    process.exit(1);
  }
  const gone = [...UNAUDITED_CALLERS].filter((file) => !existsSync(path.join(root, file)));
  if (gone.length) {
    console.error(`UNAUDITED_CALLERS names files that are gone:\n${gone.map((f) => `  ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Layer rules: no violations.');
  const loops = cycles();
  if (loops.length) {
    console.error(`Import cycles (a file or module reaches itself):\n${loops.map((l) => `  ${l}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Import cycles: none.');
}
