import { eq, sql } from 'drizzle-orm';
import { firms, mfaFactors, mfaRecoveryCodes } from '../../db/schema/index.js';
import type { AuditedTx } from '../../platform/audit.js';

/** The demo firms under their fixed ids (the README names them), and the id sequence past them. */
export async function upsertDemoFirms(ex: AuditedTx, rows: (typeof firms.$inferInsert & { id: number })[]) {
  for (const f of rows) {
    await ex
      .insert(firms)
      .values(f)
      .onConflictDoUpdate({
        target: firms.id,
        set: { name: f.name, abbreviation: f.abbreviation, firmTk: f.firmTk, twoFactorPolicy: f.twoFactorPolicy },
      });
  }
  await ex.execute(sql`select setval(pg_get_serial_sequence('firms', 'id'), greatest((select max(id) from firms), 1))`);
}

/** A person's factors and recovery codes replaced by one confirmed authenticator and the given codes. */
export async function replaceWithAuthenticator(
  ex: AuditedTx,
  factor: Omit<typeof mfaFactors.$inferInsert, 'kind' | 'confirmedAt'>,
  codeHashes: string[],
) {
  await ex.delete(mfaFactors).where(eq(mfaFactors.userId, factor.userId));
  await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, factor.userId));
  await ex.insert(mfaFactors).values({ ...factor, kind: 'totp', confirmedAt: new Date() });
  await ex.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId: factor.userId, codeHash })));
}
