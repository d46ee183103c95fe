import { z } from 'zod';
import { messages } from '../messages.js';
import { defineFields, readSchema } from './field-table.js';
import { loginResponse } from './users.js';

/** Two-factor sign-in's wire contract. */

export const FACTOR_KINDS = ['totp', 'webauthn'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];
/** What the second sign-in step accepts: an authenticator code, a recovery code, a passkey. */
export const MFA_METHODS = ['totp', 'recovery_code', 'webauthn'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

const password = z.string().min(1, messages.validation.required).max(1024, messages.validation.maxLength(1024));
/** A 6-digit code or a recovery code; spaces and dashes are the reader's, not the code's. */
const code = z.string().trim().min(1, messages.twoFactor.codeFormat).max(40, messages.twoFactor.codeFormat);
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, messages.http.badRequest);

export const totpSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export const totpConfirmBody = z.object({ code });
export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export const passwordBody = z.object({ password });
export type PasswordBody = z.infer<typeof passwordBody>;

/** An authenticator app or a passkey of the caller, as Settings lists them. */
export const factorFields = defineFields({
  id: { column: 'id', read: z.number().int(), set: 'server' },
  kind: { column: 'kind', read: z.enum(FACTOR_KINDS), set: 'server' },
  label: { column: 'label', read: z.string(), set: 'server' },
  created_at: { column: 'createdAt', read: z.string(), set: 'server' },
  last_used_at: { column: 'lastUsedAt', read: z.string().nullable(), set: 'server' },
});
export const factorSchema = readSchema(factorFields);
export type Factor = z.infer<typeof factorSchema>;

export const factorListResponse = z.object({
  factors: z.array(factorSchema),
  recovery_codes_remaining: z.number().int(),
  /** Whether the person's firm policy requires a second factor of them. */
  required: z.boolean(),
});
export type FactorList = z.infer<typeof factorListResponse>;

/** A browser's WebAuthn answers (`@simplewebauthn/browser`'s JSON), bounded; the server checks the rest. */
const clientExtensionResults = z.record(z.string(), z.unknown()).default({});
export const webauthnRegistrationResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    attestationObject: b64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});
export const webauthnAssertionResponse = z.object({
  id: b64url(1024),
  rawId: b64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192),
    authenticatorData: b64url(8192),
    signature: b64url(2048),
    userHandle: b64url(1024).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});

export const passkeyRegisterBody = z.object({
  label: z.string().trim().max(100, messages.validation.maxLength(100)).optional(),
  response: webauthnRegistrationResponse,
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;
export const passkeyRegisterResponse = z.object({
  factor: factorSchema,
  /** New recovery codes when this is the person's first factor; empty when they already had some. */
  recovery_codes: z.array(z.string()),
});
/** A credential the browser may use or must not make again. */
const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
/** `PublicKeyCredentialCreationOptionsJSON`, passed to the browser as is (every key declared: see serializer.ts). */
export const webauthnCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
/** `PublicKeyCredentialRequestOptionsJSON`: the passkey sign-in's request. */
export const webauthnRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});
export type WebauthnRequestOptions = z.infer<typeof webauthnRequestOptions>;

/** The second step of sign-in: the step's token with a code, or with a passkey's assertion. */
export const loginMfaBody = z
  .object({
    mfa_token: z.string().min(1, messages.twoFactor.mfaTokenInvalid).max(256, messages.twoFactor.mfaTokenInvalid),
    code: code.optional(),
    webauthn: webauthnAssertionResponse.optional(),
  })
  .refine((b) => Boolean(b.code) !== Boolean(b.webauthn), {
    message: messages.twoFactor.codeFormat,
    path: ['code'],
  });
export type LoginMfaBody = z.infer<typeof loginMfaBody>;

export const mfaChallengeResponse = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
  /** The passkey request's options, when the person has a passkey. */
  webauthn: webauthnRequestOptions.optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeResponse>;

/** Signed in; `mfa_setup_required` when the firm's policy asks for a factor the person has not set up. */
export const signedInResponse = loginResponse.extend({ mfa_setup_required: z.boolean().optional() });
export type SignedInResponse = z.infer<typeof signedInResponse>;
/** `POST /api/auth/login/`'s answer: signed in, or the second step's challenge (no session yet). */
export const passwordLoginResponse = z.union([signedInResponse, mfaChallengeResponse]);
export type PasswordLoginResponse = z.infer<typeof passwordLoginResponse>;
/** `POST /api/token/`'s answer: a token, or the same challenge. */
export const tokenLoginResponse = z.union([z.object({ token: z.string() }), mfaChallengeResponse]);
