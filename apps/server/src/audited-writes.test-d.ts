// Checked by `npm run typecheck`, never run. Each line marked `@ts-expect-error` is a write the compiler
// must refuse; should one of them ever compile, its directive is unused and the typecheck fails. The
// rule it holds: a record is written only inside `writeAudited`, and the few writes that are no audit
// event only through `writeUnaudited`, which names why.
import { firms, loginFailures } from './db/schema/index.js';
import { recordAttempt } from './modules/auth/throttle.repository.js';
import { updateFirm } from './modules/firms/firms.repository.js';
import { writeAudited, writeUnaudited } from './platform/audit.js';
import type { Ctx } from './platform/context.js';

export async function plantedWrites(ctx: Ctx) {
  const db = ctx.deps.db;

  // A repository's write with the plain database.
  // @ts-expect-error the plain database is no audited transaction
  await updateFirm(db, 1, { name: 'Unaudited' });

  // The same SQL written straight on the plain database: it has no write calls.
  // @ts-expect-error the plain database has no insert
  await db.insert(firms).values({ name: 'Unaudited', abbreviation: 'UN' });
  // @ts-expect-error nor update
  await db.update(firms).set({ name: 'Unaudited' });
  // @ts-expect-error nor delete
  await db.delete(firms);

  // A transaction of one's own, to get a writer without the audit: the plain database opens none.
  // @ts-expect-error the plain database has no transaction
  await db.transaction(async () => {});

  // The second door does not open the first: a record's write needs the audited transaction.
  await writeUnaudited(db, 'sign-in throttle', async (writer) => {
    // @ts-expect-error an unaudited writer is no audited transaction
    await updateFirm(writer, 1, { name: 'Unaudited' });
  });

  // The second door takes only a reason from its list.
  // @ts-expect-error 'because' is not a reason a write may skip the audit
  await writeUnaudited(db, 'because', async () => {});
}

export async function doorsThatCompile(ctx: Ctx) {
  const db = ctx.deps.db;
  await writeAudited(db, ctx.meta, async (tx, record) => {
    await updateFirm(tx, 1, { name: 'Audited' });
    await tx.update(firms).set({ name: 'Audited' });
    record({ action: 'update', entity: 'firm', entityId: 1 });
  });
  await writeUnaudited(db, 'sign-in throttle', (writer) => recordAttempt(writer, 'login', 'a@example.test', '::1'));
  // A write that is no audit event may also ride in an audited transaction.
  await writeAudited(db, ctx.meta, async (tx, record) => {
    await recordAttempt(tx, 'login', 'a@example.test', '::1');
    await tx.delete(loginFailures);
    record({ action: 'update', entity: 'firm', entityId: 1 });
  });
}
