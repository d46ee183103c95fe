// Lighthouse 12 scores of the sign-in page and of the users list (signed in), measured with Debian's
// Chromium and Lighthouse's default mobile profile (simulated throttling). Not part of `npm test`:
// the benchmark calls `lighthouseScores()`, and it runs from the command line against a started portal:
//
//   node scripts/lighthouse.mjs [--url http://localhost:3000] [--email super@demo.test]
//                               [--password demo-portal-2026] [--runs 3] [--json]
//
// (LIGHTHOUSE_URL, LIGHTHOUSE_EMAIL, LIGHTHOUSE_PASSWORD and CHROMIUM_PATH are read as well.)
// With several runs each figure is the median, which tames the noise of a busy machine.
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** Signs in through the API and returns the Cookie header a browser would send afterwards. */
async function sessionCookie(baseUrl, email, password) {
  const response = await fetch(new URL('/api/auth/login/', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('portal_session='))) throw new Error('sign-in set no portal_session cookie');
  return cookies.join('; ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** What one Lighthouse run found: scores 0-100, FCP in ms, and the failed audits worth reading. */
function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = [];
  for (const id of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) failed.push(`${id}: ${ref.id} (${audit.title})`);
    }
  }
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcp: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbt: Math.round(lhr.audits['total-blocking-time'].numericValue),
    scriptTransferBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalTransferBytes: Math.round(lhr.audits['total-byte-weight'].numericValue),
    // Lighthouse's measure of this machine's CPU (its throttling assumes 1000 or more): the
    // simulated timings of a busy or slow machine come out slower than the page would be elsewhere.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failedAudits: failed,
  };
}

function combine(runs) {
  const out = { ...runs[0] };
  for (const key of Object.keys(out)) if (typeof out[key] === 'number') out[key] = median(runs.map((r) => r[key]));
  out.failedAudits = [...new Set(runs.flatMap((r) => r.failedAudits))];
  out.runs = runs.length;
  return out;
}

/**
 * Scores of the sign-in page and of the users list signed in as `email` (who must be allowed /users/).
 * @param {{ baseUrl: string, email: string, password: string, runs?: number, chromePath?: string }} options
 */
export async function lighthouseScores({ baseUrl, email, password, runs = 1, chromePath }) {
  const cookie = await sessionCookie(baseUrl, email, password);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath ?? CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  try {
    const measure = async (url, extraHeaders) => {
      const results = [];
      for (let i = 0; i < runs; i++) {
        // A loaded machine now and then spoils a trace (NO_NAVSTART, NO_FCP): such a run is repeated.
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
            // The session travels as a header: Lighthouse clears the origin's storage before loading,
            // so the page is measured cold, as a person's first visit of the day.
            ...(extraHeaders ? { extraHeaders } : {}),
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const error = result.lhr.runtimeError;
          if (error && attempt < 3) continue;
          if (error) throw new Error(`${url}: ${error.code} ${error.message}`);
          if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
            throw new Error(`${url} ended at ${result.lhr.finalDisplayedUrl} (not signed in?)`);
          results.push(summarize(result.lhr));
          break;
        }
      }
      return combine(results);
    };
    const signIn = await measure(new URL('/account/login', baseUrl).href);
    const usersList = await measure(new URL('/users/', baseUrl).href, { Cookie: cookie });
    return { signIn, usersList };
  } finally {
    chrome.kill();
  }
}

function printTable(scores) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const rows = Object.entries({ 'sign-in': scores.signIn, 'users list': scores.usersList }).map(([page, s]) => ({
    page,
    performance: s.performance,
    accessibility: s.accessibility,
    'best practices': s.bestPractices,
    'FCP ms': s.fcp,
    'LCP ms': s.lcp,
    'TBT ms': s.tbt,
    'JS transferred': kb(s.scriptTransferBytes),
    'all transferred': kb(s.totalTransferBytes),
    'CPU index': s.benchmarkIndex,
  }));
  console.table(rows);
  for (const [page, s] of Object.entries(scores))
    for (const audit of s.failedAudits) console.log(`${page}: not passed: ${audit}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: process.env.LIGHTHOUSE_URL ?? 'http://localhost:3000' },
      email: { type: 'string', default: process.env.LIGHTHOUSE_EMAIL ?? 'super@demo.test' },
      password: { type: 'string', default: process.env.LIGHTHOUSE_PASSWORD ?? 'demo-portal-2026' },
      runs: { type: 'string', default: '1' },
      json: { type: 'boolean', default: false },
    },
  });
  const scores = await lighthouseScores({
    baseUrl: values.url,
    email: values.email,
    password: values.password,
    runs: Number(values.runs),
  });
  if (values.json) console.log(JSON.stringify(scores, null, 2));
  else printTable(scores);
}
