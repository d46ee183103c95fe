import {
  currentDisclosures,
  currentDisclosuresQuery,
  DISCLOSURE_MAX_BYTES,
  deliverBody,
  deliverResponse,
  deliveryDateBody,
  deliveryDateResponse,
  disclosureDeliveryExportQuery,
  disclosureDeliveryPage,
  disclosureDeliveryQuery,
  disclosureUploadQuery,
  disclosureVersion,
  disclosureVersionPage,
  disclosureVersionQuery,
  errorResponse,
  idParam,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../platform/content-disposition.js';
import { type AppDeps, contextOf } from '../../platform/context.js';
import { pageOf } from '../../platform/list.js';
import { sendStoredFile } from '../../platform/stored-file.js';
import { deliver } from './delivery-mailing.service.js';
import * as deliveryReport from './delivery-report.service.js';
import * as openings from './disclosure-openings.service.js';
import * as versions from './disclosure-versions.service.js';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
};
const tags = ['disclosures'];
const file = (type: string) => z.unknown().describe(`The file (${type})`);

export function disclosureRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    app.get(
      '/api/disclosure_documents/',
      {
        schema: {
          tags,
          querystring: disclosureVersionQuery,
          description: "A firm's versions (its administrators, a super admin), with the firm's external links.",
          response: { 200: disclosureVersionPage, ...errors },
        },
      },
      async (request) => {
        const { count, results, ...links } = await versions.listVersions(ctx(request), request.query);
        return { ...pageOf(request, deps.config.publicUrl, request.query, count, results), ...links };
      },
    );

    // The PDF arrives as the raw body (`Content-Type: application/pdf`), its metadata in the query: any
    // declared type reaches the service, which answers 415 for a type that is not a PDF's.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: DISCLOSURE_MAX_BYTES + 1024 },
        (_req, body, done) => done(null, body),
      );
      scope.post(
        '/api/disclosure_documents/',
        {
          schema: {
            tags,
            querystring: disclosureUploadQuery,
            description:
              'Upload a version: the PDF (at most 10 MB) as the body with `Content-Type: application/pdf`; firm, kind (adv_2a, adv_2b, crs), effective_date, material_change (ADV only) and file_name in the query.',
            response: { 201: disclosureVersion, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(
              await versions.upload(
                ctx(request),
                request.query,
                String(request.headers['content-type'] ?? ''),
                Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
              ),
            ),
      );
    });

    app.get(
      '/api/disclosure_documents/:id/file/',
      {
        schema: {
          tags,
          params: idParam,
          description:
            "The version's PDF, inline. A client of the firm reads the current version (which records its delivery) or one they received.",
          produces: ['application/pdf'],
          response: { 200: file('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const { stream, fileName } = await openings.openFile(ctx(request), request.params.id, request.method === 'GET');
        return sendStoredFile(reply, { stream, fileName, contentType: 'application/pdf', inline: true });
      },
    );

    app.delete(
      '/api/disclosure_documents/:id/',
      {
        schema: {
          tags,
          params: idParam,
          description: 'Delete a version never delivered nor notified (409 otherwise: it is proof of delivery).',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await versions.removeVersion(ctx(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/disclosures/current/',
      {
        schema: {
          tags,
          querystring: currentDisclosuresQuery,
          description:
            "What the Form ADV and Form CRS pages show a client: per kind the current version (or the firm's link) and when the client received it.",
          response: { 200: currentDisclosures, ...errors },
        },
      },
      async (request) => openings.currentFor(ctx(request), request.query.portalUserId),
    );

    for (const [path, form] of [
      ['/api/update_form_adv_delivery_date/', 'adv'],
      ['/api/update_form_crs_delivery_date/', 'crs'],
    ] as const) {
      app.put(
        path,
        {
          schema: {
            tags,
            body: deliveryDateBody,
            description:
              'The client opened the document: records the delivery of the current version (or link), with the session, client address and user agent that recorded it. ADV takes `part` 2A (default) or 2B.',
            response: { 200: deliveryDateResponse, ...errors },
          },
        },
        async (request) => openings.recordDelivery(ctx(request), form, request.body),
      );
    }

    app.get(
      '/api/disclosure_deliveries/',
      {
        schema: {
          tags,
          querystring: disclosureDeliveryQuery,
          description:
            'The CCO report: per client, each document delivered, current, due or overdue, and the session its last receipt was recorded in (address, device, the client’s own or not; null before sessions were kept).',
          response: { 200: disclosureDeliveryPage, ...errors },
        },
      },
      async (request) => {
        const { count, results } = await deliveryReport.report(ctx(request), request.query);
        return pageOf(request, deps.config.publicUrl, request.query, count, results);
      },
    );

    app.get(
      '/api/disclosure_deliveries/export/',
      {
        schema: {
          tags,
          querystring: disclosureDeliveryExportQuery,
          description:
            "The report as CSV, every matching row, with each receipt's session id, address and user agent: '{firm abbreviation|all-firms}-disclosure-deliveries-{YYYY-MM-DD}.csv'.",
          produces: ['text/csv'],
          response: { 200: file('text/csv'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await deliveryReport.exportCsv(ctx(request), request.query);
        return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(fileName)).send(stream);
      },
    );

    app.post(
      '/api/disclosure_deliveries/deliver/',
      {
        schema: {
          tags,
          body: deliverBody,
          description: 'Mail one client (portalUserId) or every due client of the firm the links they still need.',
          response: { 200: deliverResponse, ...errors },
        },
      },
      async (request) => deliver(ctx(request), request.body),
    );
  };
}
