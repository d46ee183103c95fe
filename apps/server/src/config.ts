import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { certificateOf, pemOf, type SigningPair, signingPairProblem, storedSigningPair } from './platform/saml-keys.js';
import type { StorageConfig } from './platform/storage.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const secret = (name: string) =>
  z
    .string()
    .trim()
    .min(32, `${name} must be at least 32 characters (256 bits); generate one with: openssl rand -base64 48`)
    .optional();

const NOT_AN_HOUR = 'ATTESTATION_REMINDER_HOUR must be an hour from 0 to 23';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be a full URL such as https://portal.example.com').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Portal <no-reply@portal.local>'),
  SECRET_KEY: secret('SECRET_KEY'),
  PII_ENCRYPTION_KEY: secret('PII_ENCRYPTION_KEY'),
  /** Keys that encrypted PII before the current one: they still decrypt until rotate-pii-key is done. */
  PII_ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .min(32, 'PII_ENCRYPTION_KEYS_PREVIOUS: each key must be at least 32 characters (comma-separated keys)'),
      ),
    ),
  /** The operator's token for GET /api/metrics (Prometheus); unset, the route answers 404. */
  METRICS_TOKEN: secret('METRICS_TOKEN'),
  /** PostgreSQL: the most connections one instance opens (instances × this ≤ the server's max_connections). */
  DATABASE_POOL_MAX: z.coerce
    .number({ error: 'DATABASE_POOL_MAX must be a whole number from 1 to 200' })
    .int('DATABASE_POOL_MAX must be a whole number from 1 to 200')
    .min(1, 'DATABASE_POOL_MAX must be a whole number from 1 to 200')
    .max(200, 'DATABASE_POOL_MAX must be a whole number from 1 to 200')
    .default(10),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(7200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SECURE_COOKIES: bool.optional(),
  JOBS_ENABLED: bool.default(true),
  ATTESTATION_REMINDER_HOUR: z.coerce
    .number({ error: NOT_AN_HOUR })
    .int(NOT_AN_HOUR)
    .min(0, NOT_AN_HOUR)
    .max(23, NOT_AN_HOUR)
    .default(8),
  // Files go to an S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/files.
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url('S3_ENDPOINT must be a full URL such as https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // The SAML identity provider's signing key and certificate (PEM; `\n` for line breaks on one line),
  // and a next certificate published in the metadata ahead of a rotation.
  SSO_IDP_KEY: z.string().trim().min(1).optional(),
  SSO_IDP_CERT: z.string().trim().min(1).optional(),
  SSO_IDP_CERT_NEXT: z.string().trim().min(1).optional(),
  // The sign-in captcha's proof of work: PBKDF2 rounds per attempt, and the most attempts
  // the first challenge may take (later ones double it). Tests and the e2e lower them.
  CAPTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
  CAPTCHA_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(5000),
  // The `demo` two-factor policy (password alone, super accounts included) is honoured only where this
  // is on: by default outside production. Off, a firm on `demo` is held to `required`.
  ALLOW_DEMO_SIGN_IN: bool.optional(),
  PORTAL_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(validTimeZone, 'PORTAL_TIME_ZONE must be an IANA time zone such as America/New_York'),
});

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  secretKey: string;
  piiKey: string;
  /** Former PII keys, still used to decrypt (`npm run rotate-pii-key` moves their values to `piiKey`). */
  piiKeysPrevious: string[];
  accessTokenTtl: number;
  /** The bearer token of `GET /api/metrics`; without it the metrics are off (404). */
  metricsToken?: string;
  logLevel: string;
  trustProxy: boolean;
  secureCookies: boolean;
  /** Tunables that tests shorten. */
  mail: { pollMs: number; retryBaseMs: number; maxAttempts: number };
  throttle: {
    /** Failed sign-ins and wrong current passwords. */
    login: { windowMs: number; perAccount: number; perAddress: number };
    /** Password-reset requests. */
    reset: { windowMs: number; perAccount: number; perAddress: number };
  };
  /**
   * The sign-in captcha (modules/captcha): each challenge hides a counter between half of and its level's
   * maximum, `counterMax` at level 1 and doubled each level up to `maxLevel`; an attempt costs `cost`
   * PBKDF2 rounds. A challenge is answerable for `ttlMs`.
   */
  captcha: { cost: number; counterMax: number; maxLevel: number; ttlMs: number };
  /** The scheduled jobs (platform/jobs.ts). */
  jobs: {
    /** Whether this instance runs them; every instance may (each run is claimed once). */
    enabled: boolean;
    /** The hour of the day, in the portal's time zone, of the attestation reminders' daily run. */
    reminderHour: number;
    leaseMs: number;
    sweepMs: number;
  };
  webDist?: string;
  /** Where files are kept (platform/storage.ts). */
  storage: StorageConfig;
  /** Where "today" is taken (fiscal quarters, due dates): the firm's zone, never the server's. */
  timeZone: string;
  /** The SAML identity provider (modules/sso). */
  sso: SsoConfig;
  /**
   * Whether a firm's `demo` two-factor policy lets its people in with the password alone. Off (the
   * production default), `demo` counts as `required` and no firm can be set to it: a super administrator
   * cannot exempt a real firm, or themselves, from the second factor.
   */
  allowDemoSignIn: boolean;
  /** The clock; tests move it. */
  now: () => Date;
}

export interface SsoConfig {
  /**
   * The pair that signs responses, read on first use: from the environment, else (outside production)
   * from DATA_DIR/sso-idp.json, made on first use. Null: single sign-on is off (production without keys).
   */
  signing: () => SigningPair | null;
  /** A certificate the metadata publishes beside the signing one, so service providers trust it before a rotation. */
  nextCert: string | null;
}

export class ConfigError extends Error {}

/**
 * Sign-in: failures within `windowMs` ask for the captcha (3, per account or address; rules/captcha.ts)
 * and make its work grow; `perAddress` failures from one address are a flood, refused with 429. There is
 * no lock of an account: `perAccount` holds only where no captcha can be shown, the current password
 * re-entered inside a session (a stolen session guessing it).
 */
export const THROTTLE: Config['throttle'] = {
  login: { windowMs: 15 * 60 * 1000, perAccount: 10, perAddress: 50 },
  reset: { windowMs: 60 * 60 * 1000, perAccount: 3, perAddress: 20 },
};

/**
 * The outbox: polled every 2 s; a failed delivery is tried again after 5 s, then twice as long each
 * time (up to an hour), 12 times in all over about 2 h 25 min: an SMTP outage shorter than that delays
 * mail, never loses it (a mail still refused then is marked failed, kept in the outbox).
 */
export const MAIL: Config['mail'] = { pollMs: 2000, retryBaseMs: 5000, maxAttempts: 12 };

const SECRETS_HELP =
  'Restore it from a backup, or set SECRET_KEY and PII_ENCRYPTION_KEY. Deleting it makes new keys: everyone is signed out and encrypted data already stored can no longer be read.';

/** Parses the environment once. Secrets missing outside production are generated into DATA_DIR. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  log: (m: string) => void = console.warn,
  /** 'skip': a missing key is left empty, nothing is written into DATA_DIR (backup and restore need no key). */
  secrets: 'generate' | 'skip' = 'generate',
): Config {
  // An empty variable is an unset one: compose's `${VAR:-}` and an .env line `VAR=` both give ''.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (production) {
    // Without SMTP a mail (and its one-time link) would go to the log: never in production.
    const missing = ['SECRET_KEY', 'PII_ENCRYPTION_KEY', 'PUBLIC_URL', 'SMTP_URL'].filter(
      (k) => !e[k as keyof typeof e],
    );
    if (missing.length)
      throw new ConfigError(`Invalid configuration:\n  ${missing.join(', ')} must be set when NODE_ENV=production`);
    // Secure cookies and HSTS follow from an https address; one key for two purposes weakens both.
    if (!e.PUBLIC_URL?.startsWith('https://'))
      throw new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL must be an https:// address when NODE_ENV=production',
      );
    if (e.SECRET_KEY === e.PII_ENCRYPTION_KEY)
      throw new ConfigError('Invalid configuration:\n  SECRET_KEY and PII_ENCRYPTION_KEY must differ');
    if (e.METRICS_TOKEN && (e.METRICS_TOKEN === e.SECRET_KEY || e.METRICS_TOKEN === e.PII_ENCRYPTION_KEY))
      throw new ConfigError(
        'Invalid configuration:\n  METRICS_TOKEN must differ from SECRET_KEY and PII_ENCRYPTION_KEY',
      );
  }
  const generated =
    secrets === 'generate' && (!e.SECRET_KEY || !e.PII_ENCRYPTION_KEY) ? loadGeneratedSecrets(dataDir, log) : undefined;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY ?? generated?.SECRET_KEY ?? '',
    piiKey: e.PII_ENCRYPTION_KEY ?? generated?.PII_ENCRYPTION_KEY ?? '',
    piiKeysPrevious: e.PII_ENCRYPTION_KEYS_PREVIOUS,
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    secureCookies: e.SECURE_COOKIES ?? publicUrl.startsWith('https://'),
    mail: MAIL,
    throttle: THROTTLE,
    captcha: { cost: e.CAPTCHA_COST, counterMax: e.CAPTCHA_COUNTER, maxLevel: 4, ttlMs: 10 * 60_000 },
    jobs: {
      enabled: e.JOBS_ENABLED,
      reminderHour: e.ATTESTATION_REMINDER_HOUR,
      leaseMs: 30 * 60_000,
      sweepMs: 10 * 60_000,
    },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { driver: 'local', root: path.join(dataDir, 'files') },
    timeZone: e.PORTAL_TIME_ZONE,
    sso: ssoConfig(e, dataDir, production, publicUrl, log),
    allowDemoSignIn: e.ALLOW_DEMO_SIGN_IN ?? !production,
    now: () => new Date(),
  };
}

/**
 * The signing pair from the environment (checked now: a wrong pair stops the start), or kept in DATA_DIR.
 * In production it must come from the environment (several instances must sign alike); without it the
 * portal runs with single sign-on off rather than refusing to start for a feature a firm may not use.
 */
function ssoConfig(
  e: z.infer<typeof envSchema>,
  dataDir: string,
  production: boolean,
  publicUrl: string,
  log: (m: string) => void,
): SsoConfig {
  const nextCert = e.SSO_IDP_CERT_NEXT ? pemOf(e.SSO_IDP_CERT_NEXT) : null;
  if (nextCert && !certificateOf(nextCert))
    throw new ConfigError('Invalid configuration:\n  SSO_IDP_CERT_NEXT must be a PEM X.509 certificate');
  if (e.SSO_IDP_KEY || e.SSO_IDP_CERT) {
    if (!e.SSO_IDP_KEY || !e.SSO_IDP_CERT)
      throw new ConfigError('Invalid configuration:\n  SSO_IDP_KEY and SSO_IDP_CERT must be set together');
    const pair = { key: pemOf(e.SSO_IDP_KEY), cert: pemOf(e.SSO_IDP_CERT) };
    const problem = signingPairProblem(pair);
    if (problem) throw new ConfigError(`Invalid configuration:\n  SSO_IDP_KEY/SSO_IDP_CERT: ${problem}`);
    // Service providers may refuse a response signed under an expired certificate: say so well before.
    const expires = new Date(certificateOf(pair.cert)?.validTo ?? 0);
    if (expires.getTime() - Date.now() < 30 * 86_400_000)
      log(`SSO_IDP_CERT expires on ${expires.toISOString()}: change the SAML signing key (see the README).`);
    return { signing: () => pair, nextCert };
  }
  if (production) return { signing: () => null, nextCert };
  let pair: SigningPair | undefined;
  const file = path.join(dataDir, 'sso-idp.json');
  const commonName = `Portal SAML IdP ${new URL(publicUrl).host}`;
  return {
    signing: () => {
      pair ??= storedSigningPair(file, commonName, log);
      return pair;
    },
    nextCert,
  };
}

const generatedSecrets = z.object({ SECRET_KEY: z.string().min(32), PII_ENCRYPTION_KEY: z.string().min(32) });

/**
 * Generated once, when the file is missing. A file that exists but cannot be read stops the server:
 * making new keys would sign everyone out and leave the encrypted PII unreadable.
 */
function loadGeneratedSecrets(dataDir: string, log: (m: string) => void): Record<string, string> {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new ConfigError(`${file} cannot be read (${(err as Error).message}). ${SECRETS_HELP}`);
    }
    const secrets = generatedSecrets.safeParse(parsed);
    if (!secrets.success)
      throw new ConfigError(`${file} does not hold SECRET_KEY and PII_ENCRYPTION_KEY. ${SECRETS_HELP}`);
    return secrets.data;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    SECRET_KEY: randomBytes(48).toString('base64url'),
    PII_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
  };
  // Two processes starting at once on one DATA_DIR must not each keep their own keys, nor read a file
  // half written: the file appears whole (a hard link of a written one) or not at all, and the one that
  // finds it there already takes the other's.
  // Random, not the pid: two containers on one volume both run as pid 1.
  const written = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  writeFileSync(written, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  try {
    linkSync(written, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadGeneratedSecrets(dataDir, log);
  } finally {
    rmSync(written, { force: true });
  }
  log(`SECRET_KEY and PII_ENCRYPTION_KEY were not set: generated them into ${file}. Set them in production.`);
  return secrets;
}
