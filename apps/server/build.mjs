// Bundles the server into dist/ (one file to start, the domain's TypeScript included); dependencies stay in node_modules,
// the domain workspace is bundled in. `--if-stale` skips the build when dist is newer than every source.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build, context } from 'esbuild';

const here = import.meta.dirname;
const dist = path.join(here, 'dist');
const sources = [path.join(here, 'src'), path.join(here, '../../packages/domain/src'), path.join(here, 'package.json')];

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))));
}

export function serverIsStale() {
  const out = path.join(dist, 'server.js');
  return !existsSync(out) || Math.max(...sources.map(newest)) > statSync(out).mtimeMs;
}

if (process.argv.includes('--if-stale') && !serverIsStale()) process.exit(0);

const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@portal/domain');
rmSync(dist, { recursive: true, force: true });
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
const options = {
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts', 'pdf-worker': 'src/platform/pdf-worker.ts' },
  absWorkingDir: here,
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
if (process.argv.includes('--watch')) await (await context(options)).watch();
else await build(options);
