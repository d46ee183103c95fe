import { attestationExportQuery, errorResponse, idParam } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../platform/content-disposition.js';
import { type AppDeps, contextOf } from '../../platform/context.js';
import * as exports from './attestation-export.service.js';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const file = (type: string) => z.unknown().describe(`The file (${type}), sent as an attachment`);

/** The examiner's file: the CCO's CSV export (a ZIP) and one attestation as a PDF. */
export function attestationExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const ctx = (request: FastifyRequest) => contextOf(deps, request);
  return async (app) => {
    const tags = ['quarterly attestations'];
    app.get(
      '/api/quarterly_attestations/export/',
      {
        schema: {
          tags,
          querystring: attestationExportQuery,
          description:
            "CCOs only (a CCO: their firm; a super CCO: the firm asked for, or every firm without `firm`). One ZIP, streamed: the attestations' CSV (every field of the attestation on its wire name, with status, reviewer, reviewed and submitted dates and firm) and, when they have rows, the personal securities, outside business activities and political contributions CSVs, each row naming its attestation (`Quarterly_Attestation__c`, `Quarterly_Attestation_Name`). Files are named '{firm abbreviation}-{Attestations|Personal-Securities|Outside-Business-Activities|Political-Contributions}-fy{year}-q{quarter}.csv' in lower case, the year and quarter parts only when filtered; 'all-firms' stands for the abbreviation when every firm is exported. Cells a spreadsheet would read as a formula start with an apostrophe. 404 'No data to export to CSV file' when no attestation matches (another firm's, for a CCO).",
          produces: ['application/zip'],
          response: { 200: file('application/zip'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, stream } = await exports.exportCsv(ctx(request), request.query);
        return reply.type('application/zip').header('content-disposition', attachment(fileName)).send(stream);
      },
    );
    app.get(
      '/api/quarterly_attestations/:id/pdf/',
      {
        schema: {
          tags,
          params: idParam,
          description:
            "The attestation as a text PDF (A4 portrait): every section and field of the form, each list's rows, the status, reviewer, reviewed and submitted dates; named '{Name}.pdf'. Whoever may GET the attestation may have its PDF.",
          produces: ['application/pdf'],
          response: { 200: file('application/pdf'), ...errors },
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await exports.pdf(ctx(request), request.params.id);
        return reply.type('application/pdf').header('content-disposition', attachment(fileName)).send(bytes);
      },
    );
  };
}
