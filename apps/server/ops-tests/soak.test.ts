import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { formatReport, runSoak } from './support/soak.js';

// The CI's soak: 50 people for a minute on PostgreSQL. `npm run soak` runs this file with the
// full figures (200 people, 10 minutes) through the same variables.
const users = Number(process.env.SOAK_USERS ?? 50);
const seconds = Number(process.env.SOAK_SECONDS ?? 60);
const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? Math.min(60, Math.round(seconds / 4)));
const database = process.env.SOAK_DB === 'pglite' ? 'pglite' : 'postgres';

it(
  `serves ${users} simulated people for ${seconds} s on ${database} with no error and a flat heap`,
  async () => {
    const report = await runSoak({
      users,
      durationMs: seconds * 1000,
      warmupMs: warmupSeconds * 1000,
      database,
      log: (line) => console.log(`[soak] ${line}`),
    });
    console.log(formatReport(report));
    if (process.env.SOAK_JSON) writeFileSync(process.env.SOAK_JSON, JSON.stringify(report, null, 2));
    expect(report.errorSamples).toEqual([]);
    expect(report.errors).toBe(0);
    expect(report.server5xx).toBe(0);
    // Everyone signed in, and people did file forms.
    expect(report.signIns).toBeGreaterThanOrEqual(users);
    expect(report.formsFiled).toBeGreaterThan(0);
    // The live heap at the end within 10% of the live heap after warm-up.
    expect(report.heapGrowth).toBeLessThanOrEqual(0.1);
  },
  (seconds + 180) * 1000,
);
