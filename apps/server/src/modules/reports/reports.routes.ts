import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportBodySchema, ReportResponseSchema } from '@app/shared';
import { memberId, requireMember } from '../../plugins/session.js';
import type { ReportsService } from './reports.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface ReportsRoutesOptions {
  reports: ReportsService;
}

/**
 * Reports per member per window (times RATE_LIMIT_SCALE, like every limit): plenty for someone
 * who meets several bad profiles, too few to flood the staff queue or to report a whole
 * member list into shadow-bans.
 */
export const REPORT_RATE_LIMIT = { max: 10, timeWindow: 60 * 60_000 };

/** Reporting members and messages. The contract is documented in @app/shared schemas/reports.ts. */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, opts) => {
  const { reports } = opts;

  app.post(
    '/api/report.php',
    {
      onRequest: requireMember,
      // A copy: the security plugin scales a route's limit in place.
      config: {
        rateLimit: {
          ...REPORT_RATE_LIMIT,
          keyGenerator: (request: FastifyRequest) => `report:${request.member?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['reports'],
        summary: "Reports a member's profile or a message they sent; a repeat answers the open report",
        body: ReportBodySchema,
        response: { 200: ReportResponseSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reports.reportMember(memberId(request), request.body);
    },
  );
};
