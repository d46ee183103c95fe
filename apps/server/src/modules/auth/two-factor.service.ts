import { randomBytes } from 'node:crypto';
import {
  type Actor,
  accountMailMessages,
  canResetTwoFactor,
  effectivePolicy,
  type Factor,
  type FactorList,
  type LoginBody,
  type LoginMfaBody,
  type MfaChallenge,
  type MfaMethod,
  messages,
  needsSecondFactor,
  type PasskeyRegisterBody,
  type WebauthnRequestOptions,
} from '@portal/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import { type AuditedTx, writeAudited, writeUnaudited } from '../../platform/audit.js';
import type { AuthState } from '../../platform/auth.js';
import type { AppDeps, Ctx, RequestMeta } from '../../platform/context.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors.js';
import { enqueueMail } from '../../platform/mail.js';
import { accountById, accountInScope, accountWire, type UserRecord } from '../accounts/accounts.service.js';
import { endAllSessions } from './sessions.service.js';
import {
  auditFailedSignIn,
  checkCurrentPassword,
  checkPassword,
  finishSignIn,
  recordFailedLogin,
  type SignedIn,
} from './sign-in.service.js';
import { assertSecondStepAllowed } from './sign-in-guard.js';
import {
  clearPendingSessions,
  confirmedFactors,
  confirmTotpFactor,
  consumeChallenge,
  countWrongCode,
  deleteAllFactors,
  deleteFactor,
  deletePendingTotp,
  deleteRecoveryCodes,
  type FactorRow,
  factorEntity,
  factorOfUser,
  insertChallenge,
  insertFactor,
  liveChallenge,
  passkeyByCredential,
  pendingTotp,
  policyOfFirm,
  recordPasskeyUse,
  replaceRecoveryCodes,
  takeTotpStep,
  unusedRecoveryCodes,
  useRecoveryCode,
} from './two-factor.repository.js';
import { normalizeCode, recoveryCodeHash, TOTP_SECRET_FIELD } from './two-factor-codes.js';
import { challengeOfClientData, relyingParty } from './webauthn.js';

const m = messages.twoFactor;
/** The second sign-in step and a passkey registration must be finished within 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const TOTP_PERIOD = 30;
const ISSUER = 'Portal';
const RECOVERY_CODES = 10;
/** 32 letters and digits without 0/O and 1/I: 12 of them are 60 random bits, easy to read and type. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

// ---------------------------------------------------------------------------------------------
// Codes

function totpOf(secretBase32: string, label: string) {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a 6-digit code belongs to (the current one, or one either side for a slow clock), or null. */
function stepOfCode(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta;
}

const isTotpCode = (code: string) => /^[0-9]{6}$/.test(code);

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = [...randomBytes(12)].map((b) => CODE_ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

async function storeNewRecoveryCodes(tx: Parameters<typeof replaceRecoveryCodes>[0], userId: number) {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

const factorWire = (f: FactorRow) => factorEntity.toWire(f) as Factor;

async function policyRequires(deps: AppDeps, actor: Actor) {
  const policy = await policyOfFirm(deps.db, actor.profile._firm);
  return needsSecondFactor(actor, effectivePolicy(policy, deps.config.allowDemoSignIn));
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export type PasswordLogin = (SignedIn & { mfaSetupRequired?: boolean }) | MfaChallenge;

/**
 * `POST /api/auth/login/`: the password, then either the second step's challenge (a person with a
 * factor: no session yet) or a session, held at set-up when the firm requires a factor they lack.
 */
export async function login(deps: AppDeps, body: LoginBody, meta: RequestMeta): Promise<PasswordLogin> {
  const user = await checkPassword(deps, body, meta);
  const factors = await confirmedFactors(deps.db, user.id);
  if (factors.length > 0) return challenge(deps, user, factors, meta);
  const mfaPending = await policyRequires(deps, accountWire(user));
  const signedIn = await finishSignIn(deps, user, meta, { mfaPending });
  return mfaPending ? { ...signedIn, mfaSetupRequired: true } : signedIn;
}

async function challenge(deps: AppDeps, user: UserRecord, factors: FactorRow[], meta: RequestMeta) {
  const passkeys = factors.filter((f) => f.kind === 'webauthn');
  const methods: MfaMethod[] = [];
  if (factors.some((f) => f.kind === 'totp')) methods.push('totp');
  if (await unusedRecoveryCodes(deps.db, user.id)) methods.push('recovery_code');
  const webauthn = passkeys.length ? await passkeyRequest(deps, passkeys) : undefined;
  if (webauthn) methods.push('webauthn');
  const mfaToken = randomBytes(32).toString('base64url');
  // The password alone is not the sign-in: until the second factor, nobody is signed in (no actor).
  await writeAudited(deps.db, meta, async (tx, record) => {
    await insertChallenge(tx, {
      userId: user.id,
      purpose: 'login',
      token: mfaToken,
      webauthnChallenge: webauthn?.challenge,
      expiresAt: new Date(deps.config.now().getTime() + CHALLENGE_TTL_MS),
    });
    record({
      action: 'login_mfa_required',
      entity: 'user',
      entityId: user.id,
      firmId: user.profile?.firmId,
      subjectId: user.id,
    });
  });
  return {
    mfa_required: true as const,
    mfa_token: mfaToken,
    methods,
    ...(webauthn ? { webauthn } : {}),
  };
}

/** The passkey request of the second step, as the wire declares it (a union's branch has no extra keys). */
async function passkeyRequest(deps: AppDeps, passkeys: FactorRow[]): Promise<WebauthnRequestOptions> {
  const { challenge, rpId, allowCredentials, timeout, userVerification } = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId as string, transports: transportsOf(p) })),
    userVerification: 'preferred',
  });
  return { challenge, rpId, allowCredentials, timeout, userVerification };
}

const transportsOf = (f: FactorRow) =>
  (f.transports ? f.transports.split(',') : undefined) as AuthenticatorTransportFuture[] | undefined;
type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

type Failed = { ok: false; message: string; field: string };
type Checked = { ok: true; method: MfaMethod; factorId?: number } | Failed;

/** Rolls the sign-in transaction back (the token's use with it) when the second factor was wrong. */
class WrongSecondFactor extends Error {
  constructor(readonly failed: Failed) {
    super(failed.message);
  }
}

/** Wrong codes one sign-in step takes before the person must sign in again (password, and captcha if due). */
export const MFA_ATTEMPTS_PER_STEP = 5;

/**
 * `POST /api/auth/login/mfa/`: the second step. The step's token is used up first, then the code (or
 * passkey) is checked and spent, then the session opened, all in one transaction: two requests racing
 * with one token cannot both spend a code, and only one signs in. A wrong or replayed code rolls that
 * back (the token stays usable) and is counted outside it, as a failed sign-in and against the step.
 */
export async function loginMfa(deps: AppDeps, body: LoginMfaBody, meta: RequestMeta): Promise<SignedIn> {
  const invalid = () => badRequest(m.mfaTokenInvalid, { mfa_token: m.mfaTokenInvalid });
  const step = await liveChallenge(deps.db, 'login', body.mfa_token, deps.config.now());
  if (!step) throw invalid();
  const user = await accountById(deps.db, step.userId);
  if (!user?.isActive || !user.passwordHash) throw invalid();
  await assertSecondStepAllowed(deps, meta.ip);
  const changes: Record<string, unknown> = {};
  try {
    return await finishSignIn(deps, user, meta, {
      changes,
      before: async (tx) => {
        if (!(await consumeChallenge(tx, step.id))) throw invalid();
        const checked = body.webauthn
          ? await checkPasskey(deps, tx, user.id, step.webauthnChallenge, body.webauthn)
          : await checkCode(deps, tx, user.id, body.code ?? '');
        if (!checked.ok) throw new WrongSecondFactor(checked);
        Object.assign(changes, { mfa: checked.method, ...(checked.factorId ? { factor: checked.factorId } : {}) });
      },
    });
  } catch (error) {
    if (!(error instanceof WrongSecondFactor)) throw error;
    const { message, field } = error.failed;
    await recordFailedLogin(deps, user.email, meta.ip);
    await auditFailedSignIn(deps, user, meta, 'second_factor');
    const usable = await writeUnaudited(deps.db, 'sign-in throttle', (w) =>
      countWrongCode(w, step.id, MFA_ATTEMPTS_PER_STEP),
    );
    if (!usable) throw badRequest(m.tooManyCodes);
    throw badRequest(message, { [field]: message });
  }
}

async function checkCode(deps: AppDeps, tx: AuditedTx, userId: number, raw: string): Promise<Checked> {
  const code = normalizeCode(raw);
  const wrong = { ok: false as const, message: m.codeWrong, field: 'code' };
  if (isTotpCode(code)) {
    const now = deps.config.now();
    for (const factor of await confirmedFactors(tx, userId)) {
      if (factor.kind !== 'totp' || !factor.secret) continue;
      const step = stepOfCode(deps.pii.decrypt(factor.secret, TOTP_SECRET_FIELD), code, now);
      if (step === null) continue;
      if (!(await takeTotpStep(tx, factor.id, step))) return { ok: false, message: m.codeReused, field: 'code' };
      return { ok: true, method: 'totp', factorId: factor.id };
    }
    return wrong;
  }
  if (code.length !== 12) return wrong;
  return (await useRecoveryCode(tx, userId, recoveryCodeHash(code))) ? { ok: true, method: 'recovery_code' } : wrong;
}

async function checkPasskey(
  deps: AppDeps,
  tx: AuditedTx,
  userId: number,
  expectedChallenge: string | null,
  assertion: NonNullable<LoginMfaBody['webauthn']>,
): Promise<Checked> {
  const failed = { ok: false as const, message: m.passkeyFailed, field: 'webauthn' };
  const factor = expectedChallenge ? await passkeyByCredential(tx, userId, assertion.id) : undefined;
  if (!factor?.publicKey || !expectedChallenge) return failed;
  const { rpID, origin } = relyingParty(deps.config);
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as never,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: factor.credentialId as string,
        publicKey: new Uint8Array(Buffer.from(factor.publicKey, 'base64url')),
        counter: factor.signCount ?? 0,
        transports: transportsOf(factor),
      },
    });
    if (!result.verified) return failed;
    // A request racing this one with the same counter (a replayed assertion) finds it already taken.
    if (!(await recordPasskeyUse(tx, factor.id, result.authenticationInfo.newCounter))) return failed;
    return { ok: true, method: 'webauthn', factorId: factor.id };
  } catch {
    // A malformed or mismatched assertion (wrong origin, challenge, signature or a counter gone back).
    return failed;
  }
}

// ---------------------------------------------------------------------------------------------
// Settings → Security

export async function listFactors(ctx: Ctx): Promise<FactorList> {
  const { deps, auth } = ctx;
  const [factors, remaining, required] = await Promise.all([
    confirmedFactors(deps.db, auth.user.id),
    unusedRecoveryCodes(deps.db, auth.user.id),
    policyRequires(deps, ctx.actor),
  ]);
  return { factors: factors.map(factorWire), recovery_codes_remaining: remaining, required };
}

/** A new authenticator secret, pending until confirmed with a code (a second call starts over). */
export async function startTotp(ctx: Ctx) {
  const { deps, auth } = ctx;
  const factors = await confirmedFactors(deps.db, auth.user.id);
  if (factors.some((f) => f.kind === 'totp')) throw conflict(m.totpAlreadySet);
  const secret = new Secret({ size: 20 }).base32;
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await deletePendingTotp(tx, auth.user.id);
    const factor = await insertFactor(tx, {
      userId: auth.user.id,
      kind: 'totp',
      label: m.totpLabel,
      secret: deps.pii.encrypt(secret, TOTP_SECRET_FIELD),
    });
    record({ action: 'mfa_totp_setup_started', entity: 'mfa_factor', entityId: factor.id, firmId: firmOf(auth) });
  });
  return { secret, otpauth_url: totpOf(secret, auth.user.email).toString() };
}

const firmOf = (auth: AuthState) => auth.user.profile?.firmId ?? null;

/** The pending secret confirmed with a code from the app: the factor is on, with new recovery codes. */
export async function confirmTotp(ctx: Ctx, rawCode: string) {
  const { deps, auth } = ctx;
  const pending = await pendingTotp(deps.db, auth.user.id);
  if (!pending?.secret) throw badRequest(m.setupFirst);
  const code = normalizeCode(rawCode);
  const step = isTotpCode(code)
    ? stepOfCode(deps.pii.decrypt(pending.secret, TOTP_SECRET_FIELD), code, deps.config.now())
    : null;
  if (step === null) throw badRequest(m.codeWrong, { code: m.codeWrong });
  return writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await confirmTotpFactor(tx, pending.id, step);
    const codes = await storeNewRecoveryCodes(tx, auth.user.id);
    await clearPendingSessions(tx, auth.user.id);
    record({
      action: 'mfa_factor_added',
      entity: 'mfa_factor',
      entityId: pending.id,
      firmId: firmOf(auth),
      changes: { kind: 'totp' },
    });
    return { recovery_codes: codes };
  });
}

/** The password re-proves who asks; a wrong one counts as a failed sign-in (like a password change). */
async function recheckPassword(ctx: Ctx, password: string) {
  try {
    await checkCurrentPassword(ctx.deps, ctx.auth, password, ctx.meta);
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) throw badRequest(err.detail, { password: err.detail });
    throw err;
  }
}

export async function regenerateRecoveryCodes(ctx: Ctx, password: string) {
  const { deps, auth } = ctx;
  if ((await confirmedFactors(deps.db, auth.user.id)).length === 0) throw badRequest(m.noFactorForCodes);
  await recheckPassword(ctx, password);
  return writeAudited(deps.db, ctx.meta, async (tx, record) => {
    const codes = await storeNewRecoveryCodes(tx, auth.user.id);
    record({ action: 'mfa_recovery_codes_regenerated', entity: 'user', entityId: auth.user.id, firmId: firmOf(auth) });
    return { recovery_codes: codes };
  });
}

export async function removeFactor(ctx: Ctx, id: number, password: string) {
  const { deps, auth } = ctx;
  const factor = await factorOfUser(deps.db, auth.user.id, id);
  if (!factor) throw notFound(m.factorNotFound);
  await recheckPassword(ctx, password);
  const factors = await confirmedFactors(deps.db, auth.user.id);
  const last = factors.length === 1;
  if (last && (await policyRequires(deps, ctx.actor))) throw badRequest(m.lastFactorRequired);
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await deleteFactor(tx, id);
    // Recovery codes stand in for a factor: with none left they would be a password-only way in.
    if (last) await deleteRecoveryCodes(tx, auth.user.id);
    record({
      action: 'mfa_factor_removed',
      entity: 'mfa_factor',
      entityId: id,
      firmId: firmOf(auth),
      changes: { kind: factor.kind },
    });
  });
  return { detail: m.factorRemoved };
}

export async function passkeyOptions(ctx: Ctx) {
  const { deps, auth } = ctx;
  const { rpID, rpName } = relyingParty(deps.config);
  const passkeys = (await confirmedFactors(deps.db, auth.user.id)).filter((f) => f.kind === 'webauthn');
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: auth.user.email,
    userDisplayName: auth.user.firstName ?? auth.user.email,
    userID: new TextEncoder().encode(`portal-user-${auth.user.id}`),
    attestationType: 'none',
    excludeCredentials: passkeys.map((p) => ({ id: p.credentialId as string, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await insertChallenge(tx, {
      userId: auth.user.id,
      purpose: 'webauthn_register',
      token: options.challenge,
      webauthnChallenge: options.challenge,
      expiresAt: new Date(deps.config.now().getTime() + CHALLENGE_TTL_MS),
    });
    record({
      action: 'mfa_passkey_registration_started',
      entity: 'user',
      entityId: auth.user.id,
      firmId: firmOf(auth),
    });
  });
  return options;
}

export async function registerPasskey(ctx: Ctx, body: PasskeyRegisterBody) {
  const { deps, auth } = ctx;
  const sent = challengeOfClientData(body.response.response.clientDataJSON);
  const pending = sent ? await liveChallenge(deps.db, 'webauthn_register', sent, deps.config.now()) : undefined;
  if (!pending || pending.userId !== auth.user.id || !pending.webauthnChallenge)
    throw badRequest(m.passkeyChallengeExpired);
  const { rpID, origin } = relyingParty(deps.config);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: body.response as never,
      expectedChallenge: pending.webauthnChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw badRequest(m.passkeyRegistrationFailed);
  const { credential } = info;
  const hadFactor = (await confirmedFactors(deps.db, auth.user.id)).length > 0;
  return writeAudited(deps.db, ctx.meta, async (tx, record) => {
    if (!(await consumeChallenge(tx, pending.id))) throw badRequest(m.passkeyChallengeExpired);
    const factor = await insertFactor(tx, {
      userId: auth.user.id,
      kind: 'webauthn',
      label: body.label || m.passkey,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      confirmedAt: new Date(),
    });
    const codes = hadFactor ? [] : await storeNewRecoveryCodes(tx, auth.user.id);
    await clearPendingSessions(tx, auth.user.id);
    record({
      action: 'mfa_factor_added',
      entity: 'mfa_factor',
      entityId: factor.id,
      firmId: firmOf(auth),
      changes: { kind: 'webauthn' },
    });
    return { factor: factorWire(factor), recovery_codes: codes };
  });
}

// ---------------------------------------------------------------------------------------------
// User management

/**
 * An administrator removes a person's factors and recovery codes (a lost phone): their sessions end,
 * they are mailed, and they set up a new factor at their next sign-in if their role requires one.
 */
export async function resetUserFactors(ctx: Ctx, id: number) {
  const { deps, actor } = ctx;
  if (id === actor.id) throw forbidden(m.resetSelf);
  const found = await accountInScope(deps.db, ctx.scope('users'), id);
  if (!found) throw notFound();
  const target = accountWire(found);
  if (!canResetTwoFactor(actor, target)) throw forbidden();
  const factors = await confirmedFactors(deps.db, id);
  await writeAudited(deps.db, ctx.meta, async (tx, record) => {
    await deleteAllFactors(tx, id);
    await endAllSessions(tx, id);
    await enqueueMail(tx, {
      to: target.email,
      ...accountMailMessages.twoFactorReset({ firstName: target.first_name }),
    });
    record({
      action: 'mfa_reset',
      entity: 'user',
      entityId: id,
      firmId: target.profile._firm,
      changes: { factors_removed: factors.length },
    });
  });
  deps.mailer.kick();
  return { detail: m.resetDone };
}
