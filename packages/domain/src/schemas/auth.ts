import { z } from 'zod';
import { messages } from '../messages.js';
import { email, errorResponse } from './common.js';

/** Passwords are never trimmed (a space is a character) and are bounded before hashing. */
const password = z.string().max(1024, messages.validation.maxLength(1024));
const required = (schema: z.ZodString) => schema.min(1, messages.validation.required);

/** A solved ALTCHA challenge as its widget submits it (base64 JSON); bounded before it is parsed. */
const captchaPayload = z.string().trim().max(4096, messages.validation.maxLength(4096));

export const loginBody = z.object({
  email: z.string().trim().max(254, messages.validation.maxLength(254)).min(1, messages.validation.enterEmail),
  password: required(password),
  /** Required once the sign-ins of the account or the address have failed 3 times. */
  captcha: captchaPayload.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** A refused sign-in; `captcha_required` tells the sign-in form to show the captcha. */
export const loginErrorResponse = errorResponse.extend({ captcha_required: z.boolean().optional() });
export type LoginErrorResponse = z.infer<typeof loginErrorResponse>;

/** `POST /api/verify_captcha/`: a solved captcha's payload, and its score. */
export const verifyCaptchaBody = z.object({ token: captchaPayload.min(1, messages.validation.required) });
export const verifyCaptchaResponse = z.object({ success: z.boolean(), score: z.number() });
export type VerifyCaptchaResponse = z.infer<typeof verifyCaptchaResponse>;

/** `GET /api/captcha/challenge/`: the email typed, so the challenge's work grows with that account's failures. */
export const captchaChallengeQuery = z.object({ email: z.string().trim().max(254).optional() });
/** An ALTCHA (proof of work v2) challenge as the widget reads it; its parameters are what the signature covers. */
export const captchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});

export const passwordResetBody = z.object({ email });
export const uidToken = { uid: z.string().max(64), token: z.string().max(256) };

export const passwordResetConfirmBody = z.object({
  ...uidToken,
  new_password1: required(password),
  new_password2: required(password),
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBody>;

export const accountConfirmBody = z.object({ ...uidToken, password: required(password) });
export type AccountConfirmBody = z.infer<typeof accountConfirmBody>;

export const tokenBody = z.object({ token: z.string().min(1, messages.validation.required).max(4096) });
export const tokenResponse = z.object({ token: z.string() });

export const changePasswordBody = z.object({
  current_password: required(password),
  new_password: required(password),
  new_password_confirmation: required(password),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The current password re-proves who is asking: a stolen session alone cannot move the account away. */
export const changeEmailBody = z.object({ email, current_password: required(password) });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/**
 * The link mailed to a new address. `password` is asked only when someone else (an administrator or
 * advisor) asked for the change: receiving mail there is not enough to take an account in use.
 */
export const confirmEmailBody = z.object({ ...uidToken, password: password.nullish() });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** What a link mailed to a new address asks for, shown before it is confirmed. */
export const emailChangePreview = z.object({
  /** The account's current address, masked: enough for its owner to recognise it. */
  account: z.string(),
  new_email: z.string(),
  password_required: z.boolean(),
});
export type EmailChangePreview = z.infer<typeof emailChangePreview>;
export const emailLinkBody = z.object(uidToken);
export type EmailLinkBody = z.infer<typeof emailLinkBody>;

/** The address change waiting for confirmation, if any (Settings → Email). */
export const pendingEmailChange = z.object({
  email: z.string(),
  pending_email: z.string().nullable(),
  requested_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;
