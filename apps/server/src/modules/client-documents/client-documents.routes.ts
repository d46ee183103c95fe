import {
  CLIENT_DOCUMENT_MAX_LABEL,
  clientDocument,
  clientDocumentListQuery,
  clientDocumentPage,
  errorResponse,
  idParam,
  messages,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { pageOf } from '../../platform/list.js';
import { readMultipart, registerMultipart } from '../../platform/multipart.js';
import { sendStoredFile } from '../../platform/stored-file.js';
import * as documents from './client-documents.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  413: errorResponse,
  415: errorResponse,
};
const tags = ['client documents'];

export function clientDocumentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/client_documents/',
      {
        schema: {
          tags,
          querystring: clientDocumentListQuery,
          description: "One client's vault: the client, their advisor, the firm's administrators (read).",
          response: { 200: clientDocumentPage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await documents.list(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    // The multipart parser only here: every other route keeps refusing a multipart body.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      await registerMultipart(scope, documents.uploadLimits);
      scope.addHook('preHandler', async (request) => documents.refuseNonUploaders(ctx(request)));
      scope.post(
        '/api/client_documents/',
        {
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            description: `Upload into a client's vault (multipart: client, file, category, description): the client into their own, their advisor into theirs. PDF, images, Office documents, CSV or TXT, checked by their bytes; at most ${CLIENT_DOCUMENT_MAX_LABEL}.`,
            response: { 201: clientDocument, ...errors },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart()) throw new HttpError(415, messages.clientDocuments.multipartOnly);
          const { fields, file } = await readMultipart(request, documents.uploadLimits);
          return reply.status(201).send(await documents.upload(ctx(request), fields, file));
        },
      );
    });

    app.get(
      '/api/client_documents/:id/download/',
      {
        schema: {
          tags,
          params: idParam,
          description: 'The document as an attachment; each download is recorded in the audit trail.',
          response: { 200: z.unknown().describe('The file'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await documents.download(ctx(request), request.params.id, request.method === 'GET');
        return sendStoredFile(reply, file);
      },
    );

    app.delete(
      '/api/client_documents/:id/',
      {
        schema: {
          tags,
          params: idParam,
          description: 'Take a document out of the vault (its uploader): it stays on record, no longer listed.',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await documents.remove(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
