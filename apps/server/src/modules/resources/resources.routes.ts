import {
  acknowledgementReportPage,
  acknowledgementReportQuery,
  errorResponse,
  idParam,
  messages,
  myAcknowledgementsSchema,
  pageQuery,
  RESOURCE_FILE_TYPES,
  RESOURCE_MAX_BYTES,
  resourceCreateFields,
  resourceListQuery,
  resourcePage,
  resourceSchema,
  resourceUpdateFields,
  resourceVersionPage,
  resourceVersionParams,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import { parseFields, readMultipart, registerMultipart } from '../../platform/multipart.js';
import { sendStoredFile } from '../../platform/stored-file.js';
import * as resources from './resources.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
};
const tags = ['resources'];
const m = messages.resources;
const limits = { maxFileBytes: RESOURCE_MAX_BYTES, tooLarge: m.fileTooLarge };
const types = RESOURCE_FILE_TYPES.flatMap((t) => t.extensions).join(', ');
const file = z.unknown().describe('The file');

/** The fields of a multipart body, or of a JSON one (a rename or a link needs no file). */
async function bodyOf(request: FastifyRequest) {
  if (request.isMultipart()) return readMultipart(request, limits);
  const body = request.body;
  return { fields: (body && typeof body === 'object' ? body : {}) as Record<string, unknown>, file: undefined };
}

export function resourceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/resources/',
      {
        schema: {
          tags,
          querystring: resourceListQuery,
          description:
            "A category's resources of the caller's firm (a super admin or super CCO may name another `firm`), paged, searched by name and sorted; each row's url opens it.",
          response: { 200: resourcePage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await resources.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.get(
      '/api/resources/my_acknowledgements/',
      {
        schema: {
          tags,
          description:
            "The caller's acknowledgement dates as the quarterly attestation names them: the new attestation form starts from them.",
          response: { 200: myAcknowledgementsSchema, ...errors },
        },
      },
      async (request) => resources.myAcknowledgements(ctx(request)),
    );

    app.get(
      '/api/resources/:id/',
      { schema: { tags, params: idParam, response: { 200: resourceSchema, ...errors } } },
      async (request) => resources.get(ctx(request), request.params.id),
    );

    await app.register(async (plain) => {
      await registerMultipart(plain, limits);
      plain.addHook('preHandler', async (request) => resources.refuseNonManagers(ctx(request)));
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.post(
        '/api/resources/',
        {
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            description: `Add a resource (the firm's administrators; a super admin may name another \`firm\`): multipart with category, name, and a file (${types}; at most 50 MB, checked by its bytes) or a url (http or https); acknowledgement (code_of_ethics or ia_manual) for a Compliance document that staff must acknowledge.`,
            response: { 201: resourceSchema, ...errors },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) {
            // A JSON body can only carry a link: accepted, so an API client adds links without a form.
            const fields = parseFields(resourceCreateFields, (request.body ?? {}) as Record<string, unknown>);
            return reply.status(201).send(await resources.create(ctx(request), fields, undefined));
          }
          const { fields, file: upload } = await readMultipart(request, limits);
          const parsed = parseFields(resourceCreateFields, fields);
          return reply.status(201).send(await resources.create(ctx(request), parsed, upload));
        },
      );
      scope.put(
        '/api/resources/:id/',
        {
          schema: {
            tags,
            params: idParam,
            consumes: ['multipart/form-data', 'application/json'],
            description:
              'Rename (name), replace the file (file) or the link (url), or change the acknowledgement: a new file or link is a new version, the previous ones are kept.',
            response: { 200: resourceSchema, ...errors },
          },
        },
        async (request) => {
          const { fields, file: upload } = await bodyOf(request);
          return resources.update(ctx(request), request.params.id, parseFields(resourceUpdateFields, fields), upload);
        },
      );
    });

    app.delete(
      '/api/resources/:id/',
      {
        schema: {
          tags,
          params: idParam,
          description: 'Remove from the lists; the record, its versions and acknowledgements are kept.',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await resources.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/resources/:id/file/',
      {
        schema: {
          tags,
          params: idParam,
          description: "The current version's file: PDFs, pictures and videos inline, other documents as a download.",
          response: { 200: file, ...errors },
        },
      },
      async (request, reply) => sendStoredFile(reply, await resources.openFile(ctx(request), request.params.id)),
    );

    app.get(
      '/api/resources/:id/versions/',
      {
        schema: {
          tags,
          params: idParam,
          querystring: pageQuery,
          description: 'Every version, newest first (administrators, CCOs).',
          response: { 200: resourceVersionPage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await resources.versions(ctx(request), request.params.id, request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.get(
      '/api/resources/:id/versions/:version/file/',
      {
        schema: {
          tags,
          params: resourceVersionParams,
          description: "A version's file (administrators, CCOs).",
          response: { 200: file, ...errors },
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, await resources.openVersionFile(ctx(request), request.params.id, request.params.version)),
    );

    app.post(
      '/api/resources/:id/acknowledge/',
      {
        schema: {
          tags,
          params: idParam,
          description:
            "The caller's written acknowledgement of the current version (Rule 204A-1), dated today; again on the same version keeps the first date.",
          response: { 200: resourceSchema, ...errors },
        },
      },
      async (request) => resources.acknowledge(ctx(request), request.params.id),
    );

    app.get(
      '/api/resources/:id/acknowledgements/',
      {
        schema: {
          tags,
          params: idParam,
          querystring: acknowledgementReportQuery,
          description:
            "The firm's staff and their acknowledgement of the current version; status=pending (default) lists who has not acknowledged.",
          response: { 200: acknowledgementReportPage, ...errors },
        },
      },
      async (request) => {
        const { count, results, version } = await resources.acknowledgements(
          ctx(request),
          request.params.id,
          request.query,
        );
        return { ...pageOf(request, deps.config.publicUrl, request.query, count, results), version };
      },
    );
  };
}
