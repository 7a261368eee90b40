import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberId, requireMember } from '../../plugins/session.js';
import type { DataExportService } from './data-export.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface DataExportRoutesOptions {
  dataExport: DataExportService;
}

/**
 * Exports per member per window (times RATE_LIMIT_SCALE, like every limit): every export reads
 * all of a member's rows and photo files and zips them in memory, and the data changes little
 * within an hour.
 */
export const DATA_EXPORT_RATE_LIMIT = { max: 3, timeWindow: 60 * 60_000 };

/** The member's data export. The contract is documented in @app/shared schemas/data-export.ts. */
export const dataExportRoutes: FastifyPluginAsyncZod<DataExportRoutesOptions> = async (app, opts) => {
  const { dataExport } = opts;

  app.get(
    '/api/export.php',
    {
      onRequest: requireMember,
      // A copy: the security plugin scales a route's limit in place.
      config: {
        rateLimit: {
          ...DATA_EXPORT_RATE_LIMIT,
          keyGenerator: (request: FastifyRequest) => `export:${request.member?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['export'],
        summary: "A ZIP archive of all the member's data (GDPR), as a download",
        produces: ['application/zip'],
        response: errorResponses(403, 429),
      },
    },
    async (request, reply) => {
      const { filename, archive } = await dataExport.exportMemberData(memberId(request), request.host);
      // The success answer is bytes, not a JSON schema's object; fastify sends a Buffer as it is.
      const download: FastifyReply = reply;
      return download
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  );
};
