import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { AuthState } from '../../platform/auth.js';
import { Background } from '../../platform/background.js';
import { type AppDeps, type Ctx, contextFor } from '../../platform/context.js';
import { JobRunner } from '../../platform/jobs.js';
import { MailWorker } from '../../platform/mail.js';
import { piiKeyring } from '../../platform/pii.js';
import { createStorage } from '../../platform/storage.js';
import { TokenService } from '../../platform/tokens.js';
import { accountByEmail, accountById, accountWire } from '../accounts/accounts.service.js';

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
} as unknown as FastifyBaseLogger;

/**
 * The services' dependencies outside the server (the demo seed, the benchmark's data set): mail goes
 * to the outbox only, nothing is logged.
 */
export function offlineDeps(db: Db, config: Config): AppDeps {
  return {
    config,
    db,
    tokens: new TokenService(config.secretKey, config.accessTokenTtl),
    mailer: new MailWorker(db, { smtpUrl: undefined, from: config.mailFrom, ...config.mail }, silentLog),
    // No schedule runs offline: nothing registers a job here.
    jobs: new JobRunner(db, { timeZone: config.timeZone, now: config.now, ...config.jobs }, silentLog),
    background: new Background(silentLog),
    pii: piiKeyring(config.piiKey, config.piiKeysPrevious),
    storage: createStorage(config.storage),
  };
}

/** A person's context for calling services as them: the same rules as a signed-in request. */
export async function actingAs(deps: AppDeps, userId: number): Promise<Ctx> {
  const user = await accountById(deps.db, userId);
  if (!user) throw new Error(`user ${userId} is missing`);
  const auth: AuthState = { user, actor: accountWire(user), sessionId: 'offline', origIat: 0, via: 'header' };
  return contextFor(deps, auth);
}

/** The services' dependencies on another day: the services take "today" from the clock they are given. */
export const on = (deps: AppDeps, day: string): AppDeps => ({
  ...deps,
  config: { ...deps.config, now: () => new Date(`${day}T16:00:00Z`) },
});

/** A demo account by its email; the seed made it, so its absence is a broken seed. */
export const userOf = async (deps: AppDeps, email: string) => {
  const user = await accountByEmail(deps.db, email);
  if (!user) throw new Error(`${email} is missing`);
  return user;
};
