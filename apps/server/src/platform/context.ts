import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { AuditContext } from './audit.js';
import type { MailWorker } from './mail.js';
import type { TokenService } from './tokens.js';

/** What services need from the platform; built once in buildApp and passed explicitly. */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: MailWorker;
}

export interface RequestMeta extends AuditContext {
  ip: string;
  userAgent: string | null;
}

export function metaOf(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 400) ?? null,
    requestId: request.id,
    actorId: request.auth?.user.id ?? null,
  };
}
