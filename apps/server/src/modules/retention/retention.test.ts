import { type AuditEntity, type AuditEventRow, ProfileType } from '@portal/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attestations,
  auditEvents,
  clientDocuments,
  firmModels,
  investmentModels,
  outsideBusinessActivities,
  personalSecurities,
  politicalContributions,
  supervisedPersons,
} from '../../db/schema/index.js';
import { writeAudited } from '../../platform/audit.js';
import { verifyChain } from '../../platform/audit-chain.js';
import { addToRoster, createAttestation, createFirm, createUser } from '../../testing/factories.js';
import { buildTestApp, json, signedInAs, type TestApp } from '../../testing/test-app.js';
import { PurgeRefusedError, purgeExpiredRecords } from './retention.service.js';

// Today in New York: 2026-11-26. A record last changed on or before 2021-03-31 (fiscal year 2020, kept
// through 2026-03-31) is past its retention; one changed on 2021-04-01 is kept through 2027-03-31.
const NOW = new Date('2026-11-26T15:00:00Z');
// 23:30 on March 31 in New York, already April 1 in UTC: the portal's zone decides.
const LAST_DAY_OUTSIDE = new Date('2021-04-01T03:30:00Z');
// 00:30 on April 1 in New York.
const FIRST_DAY_INSIDE = new Date('2021-04-01T04:30:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());

const purge = (by: string, dryRun = false) =>
  purgeExpiredRecords(t.database.db, t.deps.storage, {
    by,
    ranBy: 'ops@records-host',
    dryRun,
    timeZone: 'America/New_York',
    now: NOW,
  });

async function deletedAttestation(ownerId: number, firmId: number, at: Date | null, changedAt = at) {
  const made = await createAttestation(t.deps.db, { ownerId, firmId });
  await t.database.db
    .update(attestations)
    .set({ deletedAt: at, updatedAt: changedAt ?? new Date('2015-05-01T12:00:00Z') })
    .where(eq(attestations.id, made.attestation.id));
  return made.attestation.id;
}

const childCount = async (id: number) => {
  const counts = await Promise.all(
    [personalSecurities, outsideBusinessActivities, politicalContributions].map((table) =>
      t.deps.db.$count(table, eq(table.attestationId, id)),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
};

describe('the retention purge (Rule 204-2)', () => {
  it('purges a deleted record past its period with its children and files, audited; keeps one just inside and every live one', async () => {
    const firm = await createFirm(t.deps.db);
    const superAdmin = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const owner = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const outside = await deletedAttestation(owner.id, firm.id, LAST_DAY_OUTSIDE);
    const inside = await deletedAttestation(owner.id, firm.id, FIRST_DAY_INSIDE);
    // Deleted long ago but changed (restored and deleted again) inside the period: the last change counts.
    const changedLater = await deletedAttestation(
      owner.id,
      firm.id,
      new Date('2019-01-10T12:00:00Z'),
      new Date('2022-06-01T12:00:00Z'),
    );
    // Never deleted, last changed eleven years ago: never purged.
    const live = await deletedAttestation(owner.id, firm.id, null);
    // A vault document removed in 2020, with its file in storage.
    const key = `vault/${firm.id}/${owner.id}/retention-test.pdf`;
    await t.deps.storage.put(key, Buffer.from('%PDF-1.4 old statement'));
    const [doc] = await t.database.db
      .insert(clientDocuments)
      .values({
        firmId: firm.id,
        clientId: owner.id,
        fileName: 'statement.pdf',
        contentType: 'application/pdf',
        storageKey: key,
        size: 22,
        sha256: 'x'.repeat(64),
        uploadedByClient: false,
        uploadedAt: new Date('2020-02-01T12:00:00Z'),
        removedAt: new Date('2020-03-01T12:00:00Z'),
      })
      .returning();
    // A model deleted in 2020 with the firm's offer of it.
    const [model] = await t.database.db
      .insert(investmentModels)
      .values({ name: 'Old Growth', firmId: firm.id, updatedAt: LAST_DAY_OUTSIDE, deletedAt: LAST_DAY_OUTSIDE })
      .returning();
    await t.database.db
      .insert(firmModels)
      .values({ firmId: firm.id, entryId: model.id, deletedAt: LAST_DAY_OUTSIDE, updatedAt: LAST_DAY_OUTSIDE });

    const dry = await purge(superAdmin.email, true);
    expect(dry).toMatchObject({ today: '2026-11-26', cutoff: '2021-03-31', dryRun: true });
    const planned = dry.records.map((r) => `${r.entity} ${r.id}`);
    expect(planned).toEqual(
      expect.arrayContaining([`attestation ${outside}`, `client_document ${doc.id}`, `investment_model ${model.id}`]),
    );
    expect(planned).not.toEqual(
      expect.arrayContaining([`attestation ${inside}`, `attestation ${changedLater}`, `attestation ${live}`]),
    );
    // A dry run changes nothing and records nothing.
    expect(await t.deps.db.$count(attestations, eq(attestations.id, outside))).toBe(1);
    expect(await t.deps.db.$count(auditEvents, eq(auditEvents.action, 'purge'))).toBe(0);

    const done = await purge(superAdmin.email);
    expect(done.records.map((r) => `${r.entity} ${r.id}`).sort()).toEqual(planned.sort());
    expect(done.leftFiles).toEqual([]);

    const remaining = await t.deps.db
      .select({ id: attestations.id })
      .from(attestations)
      .where(inArray(attestations.id, [outside, inside, changedLater, live]));
    expect(remaining.map((r) => r.id).sort()).toEqual([inside, changedLater, live].sort());
    expect(await childCount(outside)).toBe(0);
    expect(await childCount(inside)).toBe(3);
    expect(await childCount(live)).toBe(3);
    expect(await t.deps.db.$count(clientDocuments, eq(clientDocuments.id, doc.id))).toBe(0);
    expect(await t.deps.storage.exists(key)).toBe(false);
    expect(await t.deps.db.$count(firmModels, eq(firmModels.entryId, model.id))).toBe(0);

    const [event] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'purge'),
          eq(auditEvents.entity, 'attestation'),
          eq(auditEvents.entityId, String(outside)),
        ),
      );
    expect(event).toMatchObject({ actorId: superAdmin.id, firmId: firm.id, requestId: 'purge-retention' });
    expect(event.changes).toMatchObject({
      last_changed_on: '2021-03-31',
      retained_until: '2026-03-31',
      child_rows: { personal_securities: 1, outside_business_activities: 1, political_contributions: 1 },
      ran_by: 'ops@records-host',
    });
    const [docEvent] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'purge'), eq(auditEvents.entity, 'client_document')));
    expect(docEvent.changes).toMatchObject({ files: [key] });
    // The purge joined the hash chain: the trail still verifies, and it was not purged itself.
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true });

    // Run again: nothing left to purge.
    expect((await purge(superAdmin.email)).records).toEqual([]);
  });

  it('refuses anyone but an active super administrator, and changes nothing', async () => {
    const firm = await createFirm(t.deps.db);
    const admin = await createUser(t.deps.db, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isCco: true, isSuperCco: true },
    });
    const inactive = await createUser(t.deps.db, {
      isActive: false,
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const id = await deletedAttestation(admin.id, firm.id, new Date('2019-01-10T12:00:00Z'));
    const before = await t.deps.db.$count(auditEvents);
    for (const by of [admin.email, inactive.email, 'nobody@example.test']) {
      await expect(purge(by)).rejects.toThrow(PurgeRefusedError);
    }
    expect(await t.deps.db.$count(attestations, eq(attestations.id, id))).toBe(1);
    expect(await t.deps.db.$count(auditEvents)).toBe(before);
  });

  it("a purged supervised person's events are found by its entity's filter, those recorded under its former spelling too", async () => {
    const firm = await createFirm(t.deps.db);
    const superAdmin = await signedInAs(t, {
      profile: { firmId: firm.id, profileType: ProfileType.Administrator, isSuperAdmin: true },
    });
    const cco = await signedInAs(t, { profile: { firmId: firm.id, isCco: true } });
    const person = await createUser(t.deps.db, { profile: { firmId: firm.id } });
    const entry = await addToRoster(t.deps.db, person.id);
    // The roster's module removes the entry; it was last changed in fiscal year 2020.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/supervised_persons/${entry.id}/`,
      headers: cco.headers,
    });
    expect(removed.statusCode).toBe(204);
    await t.database.db
      .update(supervisedPersons)
      .set({ removedAt: LAST_DAY_OUTSIDE, updatedAt: LAST_DAY_OUTSIDE })
      .where(eq(supervisedPersons.id, entry.id));
    // An entry purged before the vocabulary: the purge filed it under its own spelling, which the sealed
    // event keeps.
    const earlier = await addToRoster(t.deps.db, (await createUser(t.deps.db, { profile: { firmId: firm.id } })).id);
    await writeAudited(t.deps.db, { actorId: superAdmin.user.id, requestId: 'purge-retention' }, async (_tx, record) =>
      record({ action: 'purge', entity: 'supervised_person' as AuditEntity, entityId: earlier.id, firmId: firm.id }),
    );

    const done = await purge(superAdmin.user.email);
    expect(done.records.map((r) => `${r.entity} ${r.id}`)).toContain(`supervised_person ${entry.id}`);

    const trail = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/audit_events/?firm=${firm.id}&${query}`,
        headers: superAdmin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ count: number; results: AuditEventRow[] }>(res).results.map(
        (e) => `${e.action} ${e.entity} ${e.entity_id}`,
      );
    };
    // Newest first: this purge, the earlier one under the former spelling, the roster's removal.
    const events = [
      `purge supervised person ${entry.id}`,
      `purge supervised_person ${earlier.id}`,
      `delete supervised person ${entry.id}`,
    ];
    expect(await trail('entity=supervised person')).toEqual(events);
    // The former spelling finds the same events.
    expect(await trail('entity=supervised_person')).toEqual(events);
    // The record's own history: its removal and its purge.
    expect(await trail(`entity=supervised person&entity_id=${entry.id}`)).toEqual([events[0], events[2]]);
    // A purge of another kind is not among them.
    expect(await trail('entity=attestation')).not.toContain(`purge supervised person ${entry.id}`);
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true });
  });
});
