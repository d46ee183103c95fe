import fastifyMultipart from '@fastify/multipart';
import { messages } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from './errors.js';
import { unstorable } from './input-guard.js';

/**
 * Multipart form uploads (`multipart/form-data`): text fields and at most one file, read whole into
 * memory within a byte limit, then the fields validated with the domain's zod schema, so a bad field is
 * the same 400 `{detail, fields}` as a JSON body's.
 */
export interface MultipartLimits {
  /** The largest file accepted, in bytes: one byte more is a 413 with `tooLarge`. */
  maxFileBytes: number;
  tooLarge: string;
  /** The field the file comes in (default 'file'). */
  fileField?: string;
}

/** Registers the parser in the (encapsulated) scope of the routes that take uploads. */
export async function registerMultipart(scope: FastifyInstance, limits: MultipartLimits) {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: limits.maxFileBytes, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 21, headerPairs: 50 },
  });
}

export interface UploadedPart {
  fileName: string;
  bytes: Buffer;
}

/** Fastify's own multipart errors as the contract's answers. */
function asHttpError(err: unknown, limits: MultipartLimits): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, limits.tooLarge, { file: limits.tooLarge });
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.http.oneFile, { file: messages.http.oneFile });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, messages.http.tooLarge);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return badRequest(messages.http.badRequest);
  // busboy's own: a body cut short or without its boundary.
  if (
    err instanceof Error &&
    /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found/i.test(err.message)
  )
    return badRequest(messages.http.badRequest);
  return err;
}

/** Reads the parts: each text field once (a repeated one is refused), and the file if one came. */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits) {
  const fileField = limits.fileField ?? 'file';
  const fields: Record<string, string> = {};
  let file: UploadedPart | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          // Drain it so the request ends, then refuse.
          await part.toBuffer().catch(() => undefined);
          throw badRequest(messages.http.oneFile, { [part.fieldname]: messages.http.oneFile });
        }
        file = { fileName: part.filename ?? '', bytes: await part.toBuffer() };
      } else {
        if (part.fieldname in fields)
          throw badRequest(messages.http.repeatedField, { [part.fieldname]: messages.http.repeatedField });
        const value = String(part.value ?? '');
        // The input guard sees JSON bodies only: a form's fields get the same refusal here.
        if (unstorable(part.fieldname) || unstorable(value))
          throw badRequest(messages.http.badCharacter, { [part.fieldname]: messages.http.badCharacter });
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    throw asHttpError(err, limits);
  }
  return { fields, file };
}

/** The fields through the domain schema: a 400 whose `fields` name the inputs, as a JSON body's would. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'non_field_errors'] ??= issue.message;
  const values = Object.values(problems);
  throw badRequest(values.length === 1 ? values[0] : messages.http.badRequest, problems);
}
