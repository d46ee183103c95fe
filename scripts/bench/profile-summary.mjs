// Summarises a V8 .cpuprofile (from `npm run bench` with BENCH_PROFILE=1, or `node --cpu-prof`):
// self time by function and by package, and total (inclusive) time of the heaviest functions.
// Usage: node scripts/bench/profile-summary.mjs file.cpuprofile [top=25] [last seconds]
// With `last`, only the profile's final seconds count (a row's cell, without the server's start).
import { readFileSync } from 'node:fs';

const [file, topArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/bench/profile-summary.mjs file.cpuprofile [top]');
  process.exit(1);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample durations: timeDeltas[i] is the time before sample i.
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const self = new Map();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function where(cf) {
  const url = cf.url || '';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.includes('/dist/')) return 'app (dist)';
  if (url.startsWith('node:') || !url) return cf.functionName.startsWith('(') ? cf.functionName : 'node internals';
  return url.replace(/^file:\/\//, '');
}
const label = (cf) =>
  `${cf.functionName || '(anonymous)'} ${where(cf)}${cf.lineNumber >= 0 ? `:${cf.lineNumber + 1}` : ''}`;

const bySelf = new Map();
const byPkg = new Map();
const inclusive = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  bySelf.set(label(n.callFrame), (bySelf.get(label(n.callFrame)) ?? 0) + t);
  byPkg.set(where(n.callFrame), (byPkg.get(where(n.callFrame)) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur).callFrame);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + t);
  }
}
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
show('Self time by package', byPkg);
show('Self time by function', bySelf);
show('Total time by function', inclusive);
