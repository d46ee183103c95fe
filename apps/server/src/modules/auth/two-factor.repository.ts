import { createHash } from 'node:crypto';
import { factorFields, NO_FIRM_POLICY, type TwoFactorPolicy } from '@portal/domain';
import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firms, mfaChallenges, mfaFactors, mfaRecoveryCodes, sessions } from '../../db/schema/index.js';
import type { AuditedTx, Writer } from '../../platform/audit.js';
import { bindEntity } from '../../platform/entity.js';

export type FactorRow = typeof mfaFactors.$inferSelect;

/** An authenticator as Settings lists it: its secret and credential never leave the server. */
export const factorEntity = bindEntity('authentication factor', factorFields, { '': mfaFactors });
export type ChallengePurpose = 'login' | 'webauthn_register';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The policy of a person's firm; a person without one is held to the strictest. */
export async function policyOfFirm(ex: Executor, firmId: number | null | undefined): Promise<TwoFactorPolicy> {
  if (firmId == null) return NO_FIRM_POLICY;
  const [row] = await ex.select({ policy: firms.twoFactorPolicy }).from(firms).where(eq(firms.id, firmId));
  return row?.policy ?? NO_FIRM_POLICY;
}

export async function confirmedFactors(ex: Executor, userId: number): Promise<FactorRow[]> {
  return ex
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)))
    .orderBy(asc(mfaFactors.id));
}

export async function pendingTotp(ex: Executor, userId: number): Promise<FactorRow | undefined> {
  const [row] = await ex
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp'), isNull(mfaFactors.confirmedAt)));
  return row;
}

export async function deletePendingTotp(ex: AuditedTx, userId: number) {
  await ex
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.kind, 'totp'), isNull(mfaFactors.confirmedAt)));
}

export async function insertFactor(ex: AuditedTx, values: typeof mfaFactors.$inferInsert): Promise<FactorRow> {
  const [row] = await ex.insert(mfaFactors).values(values).returning();
  return row;
}

export async function confirmTotpFactor(ex: AuditedTx, id: number, step: number) {
  await ex
    .update(mfaFactors)
    .set({ confirmedAt: sql`now()`, lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(eq(mfaFactors.id, id));
}

/**
 * Takes a TOTP time step for a factor, once: false when this step (or a later one) was already
 * accepted, so a code seen over a shoulder cannot be replayed within its 30 seconds.
 */
export async function takeTotpStep(ex: AuditedTx, id: number, step: number): Promise<boolean> {
  const rows = await ex
    .update(mfaFactors)
    .set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(and(eq(mfaFactors.id, id), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

/** Stores a passkey's new signature counter only if it moved forward (a cloned key's would not). */
export async function recordPasskeyUse(ex: AuditedTx, id: number, signCount: number): Promise<boolean> {
  // A counter of 0 means the authenticator keeps none (most synced passkeys): nothing to compare.
  const movedOn = signCount === 0 ? sql`true` : or(isNull(mfaFactors.signCount), lt(mfaFactors.signCount, signCount));
  const rows = await ex
    .update(mfaFactors)
    .set({ signCount, lastUsedAt: sql`now()` })
    .where(and(eq(mfaFactors.id, id), movedOn))
    .returning({ id: mfaFactors.id });
  return rows.length > 0;
}

export async function factorOfUser(ex: Executor, userId: number, id: number): Promise<FactorRow | undefined> {
  const [row] = await ex
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)));
  return row;
}

export async function passkeyByCredential(ex: Executor, userId: number, credentialId: string) {
  const [row] = await ex
    .select()
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.credentialId, credentialId),
        eq(mfaFactors.kind, 'webauthn'),
        isNotNull(mfaFactors.confirmedAt),
      ),
    );
  return row;
}

export async function deleteFactor(ex: AuditedTx, id: number) {
  await ex.delete(mfaFactors).where(eq(mfaFactors.id, id));
}

/** Every factor, pending or confirmed, and every recovery code of a person. */
export async function deleteAllFactors(ex: AuditedTx, userId: number) {
  await ex.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
  await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(ex: AuditedTx, userId: number, codeHashes: string[]) {
  await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await ex.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(ex: AuditedTx, userId: number) {
  await ex.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** Uses a recovery code up: false when it is not one of the person's unused codes. */
export async function useRecoveryCode(ex: AuditedTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await ex
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function unusedRecoveryCodes(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A new challenge; earlier unused ones of the same purpose stop working. Only the token's hash is kept. */
export async function insertChallenge(
  ex: AuditedTx,
  values: { userId: number; purpose: ChallengePurpose; token: string; webauthnChallenge?: string; expiresAt: Date },
) {
  await ex
    .update(mfaChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaChallenges.userId, values.userId),
        eq(mfaChallenges.purpose, values.purpose),
        isNull(mfaChallenges.usedAt),
      ),
    );
  await ex.insert(mfaChallenges).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: sha256(values.token),
    webauthnChallenge: values.webauthnChallenge ?? null,
    expiresAt: values.expiresAt,
  });
}

/** An unused, unexpired challenge (by the portal's clock `now`), without using it. */
export async function liveChallenge(ex: Executor, purpose: ChallengePurpose, token: string, now: Date) {
  const [row] = await ex
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, sha256(token)),
        eq(mfaChallenges.purpose, purpose),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    );
  return row;
}

/** Uses a challenge up: false when another request took it first. */
export async function consumeChallenge(ex: AuditedTx, id: number): Promise<boolean> {
  const rows = await ex
    .update(mfaChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/**
 * Counts a wrong code against a sign-in step; the step is used up at `limit` wrong codes, so each
 * password (and captcha) buys only a few guesses. True while the step can still be tried.
 */
export async function countWrongCode(ex: Writer, id: number, limit: number): Promise<boolean> {
  const [row] = await ex
    .update(mfaChallenges)
    .set({
      failedAttempts: sql`${mfaChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${mfaChallenges.failedAttempts} + 1 >= ${limit} then now() else null end`,
    })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ usedAt: mfaChallenges.usedAt });
  return !!row && row.usedAt === null;
}

/** A factor confirmed: the person's sessions are no longer held at set-up. */
export async function clearPendingSessions(ex: AuditedTx, userId: number) {
  await ex
    .update(sessions)
    .set({ mfaPending: false })
    .where(and(eq(sessions.userId, userId), eq(sessions.mfaPending, true)));
}

/** Authenticator secrets not encrypted under `keyId` (rotate-pii-key), by id after `afterId`. */
export async function totpSecretsNotUnderKey(ex: Executor, keyId: string, afterId: number, limit: number) {
  return ex
    .select({ id: mfaFactors.id, secret: mfaFactors.secret })
    .from(mfaFactors)
    .where(
      and(
        isNotNull(mfaFactors.secret),
        gt(mfaFactors.id, afterId),
        sql`${mfaFactors.secret} not like ${`v1.${keyId}.%`}`,
      ),
    )
    .orderBy(asc(mfaFactors.id))
    .limit(limit);
}

/** The ids of the keys the authenticator secrets are encrypted under. */
export async function keyIdsOfTotpSecrets(ex: Executor): Promise<string[]> {
  const rows = await ex
    .selectDistinct({ keyId: sql<string>`split_part(${mfaFactors.secret}, '.', 2)` })
    .from(mfaFactors)
    .where(isNotNull(mfaFactors.secret));
  return rows.map((r) => r.keyId);
}

export async function setFactorSecret(ex: AuditedTx, id: number, secret: string) {
  await ex.update(mfaFactors).set({ secret }).where(eq(mfaFactors.id, id));
}
