import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/migrate.js';
import { type DatabaseTarget, PROOF_SECRETS, staffWithSessions, withDatabase } from './portal-data.js';
import { scratchDir, startPortal, startPostgres } from './portal-process.js';

const SUBMISSIONS = 100;
/** The kill comes with the answer of this many acknowledged submissions: the rest are still in flight. */
const KILL_AFTER = 25;

/** Submitter i's lists, of different lengths, so a row lost or mixed up between attestations shows. */
const listsOf = (i: number) => ({ securities: 1 + (i % 3), activities: 1 + (i % 2), contributions: 1 + (i % 4) });

function submission(i: number) {
  const n = listsOf(i);
  return {
    Employment_Date__c: '2019-04-01',
    States_Registered__c: 'New York;New Jersey',
    Is_Access_Person__c: 'true',
    CFP__c: i % 2 === 0,
    personalSecurities: Array.from({ length: n.securities }, (_, k) => ({
      Account_Owner__c: `Owner ${i}`,
      Account_Number__c: `S-${i}-${k}`,
      Custodian__c: 'Schwab',
    })),
    outsideBusinessActivities: Array.from({ length: n.activities }, (_, k) => ({
      Name: `Board seat ${i}-${k}`,
      Approved_By__c: 'CCO',
      Approved_Date__c: '2026-07-15',
    })),
    politicalContributions: Array.from({ length: n.contributions }, (_, k) => ({
      Amount__c: `${100 + k}.50`,
      Candidate_Name__c: `Candidate ${i}-${k}`,
      Political_Race__c: 'Governor',
      Election_Date__c: '2026-11-03',
      Approved_By__c: 'CCO',
      Approved_Date__c: '2026-08-01',
    })),
  };
}

type Answered = Record<string, unknown> & {
  Id: number;
  Personal_Securities__r: { records: unknown[] };
  Outside_Business_Activities__r: { records: unknown[] };
  Political_Contributions__r: { records: unknown[] };
};

/**
 * A crash: 100 attestation submissions in flight, the server SIGKILLed when the 25th is
 * acknowledged, restarted on the same data. Every acknowledged (201) submission must read back exactly
 * as answered, and every attestation stored (acknowledged or not) must have all its rows and its audit
 * event: a submission is one transaction.
 */
export async function crashProof(kind: 'pglite' | 'postgres') {
  const dir = scratchDir(`crash-${kind}`);
  const dataDir = path.join(dir, 'data');
  const pg = kind === 'postgres' ? await startPostgres() : undefined;
  const target: DatabaseTarget = pg ? { databaseUrl: pg.url } : { dataDir };
  const env = { ...PROOF_SECRETS, JOBS_ENABLED: 'false', ...(pg ? { DATABASE_URL: pg.url } : {}) };
  try {
    const { people } = await withDatabase(target, (db) => staffWithSessions(db, SUBMISSIONS));
    const portal = await startPortal({ dataDir, env });

    const acknowledged = new Map<number, Answered>();
    const refused: string[] = [];
    let lost = 0;
    const submit = async (i: number) => {
      try {
        const res = await fetch(`${portal.url}/api/quarterly_attestations/`, {
          method: 'POST',
          headers: { authorization: people[i].authorization, 'content-type': 'application/json' },
          body: JSON.stringify(submission(i)),
        });
        const body = await res.text();
        if (res.status !== 201) {
          refused.push(`${res.status} ${body}`);
          return;
        }
        acknowledged.set(i, JSON.parse(body) as Answered);
        if (acknowledged.size === KILL_AFTER) portal.child.kill('SIGKILL');
      } catch {
        lost++; // the connection died with the server: not acknowledged
      }
    };
    await Promise.all(people.map((_, i) => submit(i)));
    expect(await portal.exited).toMatchObject({ signal: 'SIGKILL' });
    // Nothing but acknowledgements and cut connections: no submission was refused or failed.
    expect(refused).toEqual([]);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(lost).toBeGreaterThan(0);
    expect(acknowledged.size + lost).toBe(SUBMISSIONS);

    // Restarted on the same data: each acknowledged submission reads back as it was answered.
    const again = await startPortal({ dataDir, env });
    try {
      for (const [i, answered] of acknowledged) {
        const res = await fetch(`${again.url}/api/quarterly_attestations/${answered.Id}/`, {
          headers: { authorization: people[i].authorization },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(answered);
      }
    } finally {
      await again.stop();
    }

    // Every attestation stored has every row it was submitted with, and its creation's audit event.
    await withDatabase(target, async (db) => {
      const stored = rowsOf<{
        id: number;
        owner_id: number;
        securities: number;
        activities: number;
        contributions: number;
        created: number;
      }>(
        await db.execute(sql`
          select a.id, a.owner_id,
            (select count(*)::int from personal_securities s where s.attestation_id = a.id) as securities,
            (select count(*)::int from outside_business_activities o where o.attestation_id = a.id) as activities,
            (select count(*)::int from political_contributions c where c.attestation_id = a.id) as contributions,
            (select count(*)::int from audit_events e
              where e.entity = 'attestation' and e.entity_id = a.id::text and e.action = 'create') as created
          from quarterly_attestations a`),
      );
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
      const indexOf = new Map(people.map((p, i) => [p.userId, i]));
      for (const a of stored) {
        const i = indexOf.get(a.owner_id) as number;
        expect({ id: a.id, ...listsOf(i), created: 1 }).toEqual({
          id: a.id,
          securities: a.securities,
          activities: a.activities,
          contributions: a.contributions,
          created: a.created,
        });
      }
      for (const answered of acknowledged.values()) expect(stored.some((a) => a.id === answered.Id)).toBe(true);
      // The trail's hash chain survived the kill too.
      const [{ unsealed }] = rowsOf<{ unsealed: number }>(
        await db.execute(sql`select count(*)::int as unsealed from audit_events where hash is null`),
      );
      expect(unsealed).toBe(0);
    });
    return { acknowledged: acknowledged.size, lost };
  } finally {
    await pg?.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
