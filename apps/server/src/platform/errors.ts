import { messages } from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The detail of this route's 400 for an invalid body or query, whatever its field messages (the
     * client agreement's toast is 'Required field(s) not provided.' for any invalid field).
     */
    validationDetail?: string;
  }
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Machine-readable keys beside `detail` that a client acts on (`captcha_required`, `code`). */
    readonly extra?: Record<string, string | boolean>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, fields?: Record<string, string>) => new HttpError(400, detail, fields);
export const unauthorized = (detail: string = messages.auth.notAuthenticated) => new HttpError(401, detail);
export const forbidden = (detail: string = messages.http.forbidden, fields?: Record<string, string>) =>
  new HttpError(403, detail, fields);
export const notFound = (detail: string = messages.http.notFound) => new HttpError(404, detail);
export const conflict = (detail: string, fields?: Record<string, string>) => new HttpError(409, detail, fields);
export const tooManyRequests = (detail: string) => new HttpError(429, detail);

/** A field error whose detail is the field's own message, so a toast of `detail` reads well. */
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

const fastifyCodes: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, messages.http.malformedJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, messages.http.malformedJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, messages.http.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, messages.http.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, messages.http.badRequest],
};

/** Every error leaves as `{detail, fields?}`; a 500 is logged with its stack and shown without it. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .status(err.status)
        .send({ detail: err.detail, ...(err.fields ? { fields: err.fields } : {}), ...err.extra });
    }
    // A path whose id is not an id names no record: the same 404 as an absent one.
    if (err.validationContext === 'params') return reply.status(404).send({ detail: messages.http.notFound });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        fields[key] ??= v.message ?? messages.http.badRequest;
      }
      // One problem: its own message is the detail, so a toast of `detail` reads as the field's message.
      const values = Object.values(fields);
      const detail =
        request.routeOptions.config?.validationDetail ?? (values.length === 1 ? values[0] : messages.http.badRequest);
      return reply.status(400).send({ detail, fields });
    }
    const known = err.code ? fastifyCodes[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ detail: known[1] });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ detail: err.message || messages.http.badRequest });
    }
    // The database is down or restarting: a person is told to come back, an operator sees one line.
    if (isDatabaseUnavailable(err)) {
      // A statement stopped by the timeout may be a slow query rather than an absent database: an error.
      if (hasSqlState(err, '57014'))
        request.log.error({ err }, 'statement timed out (a slow query, or the database stopped answering)');
      else request.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ detail: messages.http.unavailable });
    }
    if (isResponseSerializationError(err))
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    else request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ detail: messages.http.internal });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ detail: messages.http.notFound }));
}

/** The Postgres error of this SQLSTATE, whichever driver raised it (and wrapped it), if one was raised. */
function sqlErrorOf(err: unknown, code: string): { code?: string; constraint?: unknown } | undefined {
  let e = err as { code?: string; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === code) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Whether a Postgres error of this SQLSTATE was raised, whichever driver raised it (and wrapped it). */
const hasSqlState = (err: unknown, code: string) => sqlErrorOf(err, code) !== undefined;

/** How long a client is asked to wait when the database cannot be reached. */
const RETRY_AFTER_SECONDS = 30;

/**
 * SQLSTATEs of a database that is not there (class 08: the connection failed or was lost; 57P01-03:
 * shut down, crashed, starting up; 53300: no connection slot; 57014: a statement stopped by
 * statement_timeout, the bound on a database that stopped answering), and the socket errors of one
 * that cannot be reached.
 */
const UNAVAILABLE_CODES =
  /^(08\d{3}|57P0[123]|53300|57014|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
/** node-postgres reports a lost or timed-out connection by message only. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * Whether a query failed because the database cannot be reached (down, restarting, or not answering in
 * time), rather than because of the query: such a request is a 503, never a 500. Looks through the
 * causes a driver or Drizzle wraps around it.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.test(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Postgres unique violation, whichever driver raised it; of that constraint or unique index when one is
 * named (a table with two unique rules answers each with its own message).
 */
export function isUniqueViolation(err: unknown, constraint?: string) {
  const e = sqlErrorOf(err, '23505');
  return e !== undefined && (constraint === undefined || e.constraint === constraint);
}

/** Postgres foreign key violation (a reference to nothing, a row still referenced), or an ON DELETE RESTRICT's. */
export const isForeignKeyViolation = (err: unknown) => hasSqlState(err, '23503') || hasSqlState(err, '23001');

/**
 * What a log keeps of an error. A failed query's parameters (a password hash, a token, a client's SSN)
 * and the database's own message and detail, which quote values, are left out: the query text, the
 * SQLSTATE and the constraint are enough to find the bug.
 */
export function loggableError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const e = (err ?? {}) as Record<string, unknown> & { stack?: string; cause?: unknown };
  const failedQuery = 'query' in e && 'params' in e;
  const cause = (failedQuery ? (e.cause ?? {}) : e) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
  return {
    type: String(text(e.name) ?? typeof err),
    message: failedQuery ? `Failed query: ${String(e.query)}` : String(text(e.message) ?? ''),
    code: text(cause.code),
    statusCode: text(e.statusCode),
    constraint: text(cause.constraint),
    table: text(cause.table),
    column: text(cause.column),
    // A failed query's message (the first lines of its stack) lists the parameters: keep only the frames.
    stack:
      (failedQuery
        ? e.stack
            ?.split('\n')
            .filter((line) => /^\s+at /.test(line))
            .join('\n')
        : e.stack) ?? '',
  };
}
