import { hash, verify } from '@node-rs/argon2';
import { checkPassword } from '@portal/domain';
import commonLanguage from '@zxcvbn-ts/language-common';

/** OWASP's argon2id parameters (m = 19 MiB, t = 2, p = 1). */
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unreachable under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password.normalize('NFC'), ARGON2);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password.normalize('NFC'));
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anybody knows, verified when the account is unknown or inactive so that every
 * failed sign-in costs the same time and the response time reveals nothing.
 */
let dummyHash: Promise<string> | undefined;
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('portal-dummy-password-never-valid');
  await verifyPassword(await dummyHash, password);
}

/**
 * zxcvbn's whole ranked list of common passwords (about 49,000). With a 12-character minimum only the
 * long entries matter, and most of them sit far down the list: its first 10,000 hold just 25.
 */
const common = new Set((commonLanguage.dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
export const isCommonPassword = (candidate: string) => common.has(candidate.toLowerCase());

export const passwordProblem = (password: string, email?: string | null) =>
  checkPassword(password, { email, isCommon: isCommonPassword });
