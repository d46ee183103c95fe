import {
  type Actor,
  type AuditEntity,
  defineFields,
  messages,
  ProfileType,
  readSchema,
  textField,
  writeSchema,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '../db/schema/index.js';
import { fixtureTx } from '../testing/factories.js';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { writeAudited } from './audit.js';
import { verifyChain } from './audit-chain.js';
import { saveChildRows } from './child-rows.js';
import { auditSnapshot, bindEntity } from './entity.js';
import { HttpError } from './errors.js';

/**
 * The patterns every entity copies, proved on a small parent with a child list (the shape of an
 * attestation and its securities), on tables made for this test.
 */
const notes = pgTable('test_notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  ssn: text('ssn'),
  reviewedBy: text('reviewed_by'),
});
const lines = pgTable('test_note_lines', {
  id: serial('id').primaryKey(),
  noteId: integer('note_id').notNull(),
  body: text('body'),
  account: text('account'),
});

const isReviewer = (a: Actor) => a.profile.is_cco;
const noteFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  Title__c: {
    column: 'title',
    read: z.string(),
    write: z.string().trim().min(1, 'Enter the title.'),
    set: 'editor',
    sort: true,
  },
  SSN__c: { column: 'ssn', ...textField(11), pii: true },
  Reviewed_By__c: { column: 'reviewedBy', ...textField(), set: isReviewer },
});
const lineFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  Body__c: { column: 'body', ...textField() },
  Account__c: { column: 'account', ...textField(), pii: true },
});
const noteEntity = bindEntity('note', noteFields, { '': notes });
const lineEntity = bindEntity('line', lineFields, { '': lines });
/** A test table's events: a name outside the audit vocabulary, which only real records use. */
const testEntity = (name: string) => name as AuditEntity;

const actor = (cco = false): Actor => ({
  id: 1,
  is_admin: false,
  profile: {
    _firm: 1,
    profile_type: ProfileType.StandardUser,
    is_super_admin: false,
    is_cco: cco,
    is_super_cco: false,
    is_investments_user: false,
    is_manager: false,
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.deps.db.execute(
    sql`create table test_notes (id serial primary key, title text not null, ssn text, reviewed_by text)`,
  );
  await t.deps.db.execute(
    sql`create table test_note_lines (id serial primary key, note_id integer not null, body text, account text)`,
  );
});
afterAll(() => t.close());

describe('a field table', () => {
  it("derives the response shape and the write body, with each field's own messages", () => {
    expect(Object.keys(readSchema(noteFields).shape)).toEqual(['id', 'Title__c', 'SSN__c', 'Reviewed_By__c']);
    const body = writeSchema(noteFields).safeParse({ Title__c: '  ' });
    expect(body.success).toBe(false);
    expect(body.error?.issues[0]).toMatchObject({ path: ['Title__c'], message: 'Enter the title.' });
  });

  it('refuses at start-up a field naming a column its table lacks', () => {
    expect(() =>
      bindEntity('broken', { x: { column: 'nope', read: z.string(), set: 'editor' } }, { '': notes }),
    ).toThrow("broken.x: no column 'nope'");
  });

  it('takes the changed fields, ignores echoed read-only ones, and refuses a change the actor may not make', () => {
    const current = noteEntity.toWire({ id: 7, title: 'Old', ssn: null, reviewedBy: null });
    const { columns, changed } = noteEntity.changes(actor(), { ...current, Title__c: 'New', SSN__c: '' }, current);
    expect(columns).toEqual({ '': { title: 'New' } });
    expect(changed).toEqual({ Title__c: 'New' });
    const refused = (body: object) => {
      try {
        noteEntity.changes(actor(), body as Record<string, unknown>, current);
      } catch (err) {
        return err instanceof HttpError ? [err.status, err.detail] : err;
      }
    };
    expect(refused({ id: 8 })).toEqual([403, messages.settings.forbiddenField('id')]);
    expect(refused({ Reviewed_By__c: 'me' })).toEqual([403, messages.settings.forbiddenField('Reviewed_By__c')]);
    expect(noteEntity.changes(actor(true), { Reviewed_By__c: 'CCO' }, current).changed).toEqual({
      Reviewed_By__c: 'CCO',
    });
  });

  it('records PII in the audit diff by name only', () => {
    expect(noteEntity.auditOf({ Title__c: 'T', SSN__c: '123-45-6789' })).toEqual({
      Title__c: 'T',
      SSN__c: '[redacted]',
    });
  });

  it('records an update as each changed field before and after, PII by name only on both sides', () => {
    const before = noteEntity.toWire({ id: 7, title: 'Old', ssn: '123-45-6789', reviewedBy: null });
    expect(noteEntity.auditOf({ Title__c: 'New', SSN__c: '987-65-4321', Reviewed_By__c: null }, before)).toEqual({
      Title__c: { from: 'Old', to: 'New' },
      SSN__c: { from: '[redacted]', to: '[redacted]' },
    });
    const after = { ...before, Title__c: 'New', Reviewed_By__c: 'CCO' };
    expect(noteEntity.auditDiff(before, after)).toEqual({
      Title__c: { from: 'Old', to: 'New' },
      Reviewed_By__c: { from: null, to: 'CCO' },
    });
  });

  it("keeps a record's snapshot as it was, but for the PII of the record and of its rows", () => {
    const note = {
      id: 1,
      Title__c: 'Social license notes',
      SSN__c: '123-45-6789',
      Lines__r: { totalSize: 1, records: [{ id: 2, Body__c: 'Insurance license L-1', Account__c: 'ACC-9' }] },
    };
    expect(auditSnapshot(noteEntity, note, [{ wire: 'Lines__r', entity: lineEntity }])).toEqual({
      id: 1,
      Title__c: 'Social license notes',
      SSN__c: '[redacted]',
      Lines__r: { totalSize: 1, records: [{ id: 2, Body__c: 'Insurance license L-1', Account__c: '[redacted]' }] },
    });
  });
});

describe('a child list saved with its parent', () => {
  const binding = {
    table: lines,
    id: lines.id,
    parent: lines.noteId,
    wire: 'Lines__r',
    toColumns: (row: Record<string, unknown>) => lineEntity.rowColumns(actor(), row),
  };
  const bodies = async (noteId: number) =>
    (await t.deps.db.select().from(lines).where(eq(lines.noteId, noteId)).orderBy(lines.id)).map((r) => r.body);

  it('inserts new rows, updates the kept ones that changed and deletes the ones no longer sent, in one transaction', async () => {
    const noteId = await writeAudited(t.deps.db, { actorId: 1, requestId: 'r1' }, async (tx, record) => {
      const [note] = await tx.insert(notes).values({ title: 'Q2' }).returning();
      await saveChildRows(tx, binding, note.id, [{ Body__c: 'one' }, { Body__c: 'two' }, { Body__c: 'three' }]);
      record({ action: 'create', entity: testEntity('note'), entityId: note.id });
      return note.id;
    });
    const stored = await t.deps.db.select().from(lines).where(eq(lines.noteId, noteId)).orderBy(lines.id);
    const changes = await fixtureTx(t.database.db, (tx) =>
      saveChildRows(tx, binding, noteId, [
        { id: stored[0].id, Body__c: 'one, edited' },
        { id: stored[2].id, Body__c: 'three' },
        { Body__c: 'four' },
      ]),
    );
    // The third row is sent back as stored: nothing to write.
    expect(changes).toEqual({ added: 1, updated: 1, removed: 1 });
    expect(await bodies(noteId)).toEqual(['one, edited', 'three', 'four']);
  });

  it("refuses a row id of another record's list, naming the row, and writes nothing", async () => {
    const [a] = await t.database.db.insert(notes).values({ title: 'A' }).returning();
    const [b] = await t.database.db.insert(notes).values({ title: 'B' }).returning();
    const [foreign] = await t.database.db.insert(lines).values({ noteId: b.id, body: 'not yours' }).returning();
    await t.database.db.insert(lines).values({ noteId: a.id, body: 'mine' });
    const attempt = fixtureTx(t.database.db, (tx) =>
      saveChildRows(tx, binding, a.id, [{ Body__c: 'x' }, { id: foreign.id, Body__c: 'stolen' }]),
    );
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      fields: { 'Lines__r.1.id': messages.http.rowNotOwned },
    });
    expect(await bodies(a.id)).toEqual(['mine']);
    expect(await bodies(b.id)).toEqual(['not yours']);
  });
});

describe('an audited write', () => {
  it('commits the change with its audit event, and rolls back a write that recorded none', async () => {
    await writeAudited(t.deps.db, { actorId: 1, requestId: 'audited-1' }, async (tx, record) => {
      await tx.insert(notes).values({ title: 'kept' });
      record({ action: 'create', entity: testEntity('note'), changes: { SSN__c: '123' } });
    });
    const [event] = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.requestId, 'audited-1'));
    expect(event).toMatchObject({ action: 'create', entity: 'note', changes: { SSN__c: '[redacted]' } });
    const silent = writeAudited(t.deps.db, { actorId: 1, requestId: 'audited-2' }, async (tx) => {
      await tx.insert(notes).values({ title: 'lost' });
    });
    await expect(silent).rejects.toThrow('a write recorded no audit event');
    expect(await t.deps.db.select().from(notes).where(eq(notes.title, 'lost'))).toEqual([]);
  });

  it('rolls back a write whose audit event cannot be stored, with the reason, and the chain goes on', async () => {
    // The database refuses this one event (as a full disk or a broken constraint would).
    await t.deps.db.execute(sql`create function test_refuse_event() returns trigger language plpgsql as $$
      begin
        if new.request_id = 'audited-refused' then raise exception 'event refused for the test'; end if;
        return new;
      end $$`);
    await t.deps.db.execute(
      sql`create trigger test_refuse_event before insert on audit_events for each row execute function test_refuse_event()`,
    );
    try {
      const refused = writeAudited(t.deps.db, { actorId: 1, requestId: 'audited-refused' }, async (tx, record) => {
        await tx.insert(notes).values({ title: 'unrecorded' });
        record({ action: 'create', entity: testEntity('note') });
      });
      // The events' insert is what failed (drizzle names the query, the database's reason is its cause).
      const err = await refused.then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.message).toContain('insert into "audit_events"');
      expect((err?.cause as Error | undefined)?.message).toBe('event refused for the test');
      expect(await t.deps.db.select().from(notes).where(eq(notes.title, 'unrecorded'))).toEqual([]);
      expect(await t.deps.db.select().from(auditEvents).where(eq(auditEvents.requestId, 'audited-refused'))).toEqual(
        [],
      );
    } finally {
      await t.deps.db.execute(sql`drop trigger test_refuse_event on audit_events`);
      await t.deps.db.execute(sql`drop function test_refuse_event()`);
    }
    await writeAudited(t.deps.db, { actorId: 1, requestId: 'audited-after' }, async (tx, record) => {
      await tx.insert(notes).values({ title: 'after' });
      record({ action: 'create', entity: testEntity('note') });
    });
    expect(await t.deps.db.select().from(notes).where(eq(notes.title, 'after'))).toHaveLength(1);
    expect(await verifyChain(t.deps.db)).toMatchObject({ ok: true, first_bad_id: null });
  });
});
