// The auth module's public entry: what other modules and the app call. The work is split by what it
// does: signing in (sign-in.service.ts, the second factor in two-factor.service.ts), sessions
// (sessions.service.ts), passwords and their mailed links (passwords.service.ts), address changes
// (email-change.service.ts) and the authenticator secrets under the PII keyring
// (two-factor-keys.service.ts).

export {
  assertEmailChangeAllowed,
  cancelEmailChange,
  consumeEmailChangeLink,
  countWrongPassword,
  decodeLinkUid,
  peekEmailChangeLink,
  pendingEmailChange,
  queueEmailChangedNotice,
  queueEmailChangeLink,
} from './email-change.service.js';
export {
  ACTIVATION_TTL_MS,
  activateAccount,
  activationLink,
  cancelLinks,
  endPassword,
  queueActivationMail,
  queueResetLinkMail,
  storeNewPassword,
} from './passwords.service.js';
export { endAllSessions, revokeAccess, rotateSession, sessionResolver } from './sessions.service.js';
export { accountPasswordMatches, auditFailedSignIn, checkCurrentPassword } from './sign-in.service.js';
/** For the demo seed's account with an authenticator already set up. */
export { recoveryCodeHash, TOTP_SECRET_FIELD } from './two-factor-codes.js';
export { rotateTotpSecrets, totpKeyIdsInUse } from './two-factor-keys.service.js';
