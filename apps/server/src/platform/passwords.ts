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

/** The 10,000 most frequently used passwords (zxcvbn's ranked list, most common first). */
const common = new Set(
  (commonLanguage.dictionary['passwords-common'] as string[]).slice(0, 10_000).map((p) => p.toLowerCase()),
);
export const isCommonPassword = (candidate: string) => common.has(candidate.toLowerCase());

export const passwordProblem = (password: string, email?: string | null) =>
  checkPassword(password, { email, isCommon: isCommonPassword });
