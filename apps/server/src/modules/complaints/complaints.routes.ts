import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComplaintBodySchema, ComplaintResponseSchema } from '@app/shared';
import { requestLocale } from '../../plugins/i18n.js';
import type { ComplaintsService } from './complaints.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface ComplaintsRoutesOptions {
  complaints: ComplaintsService;
}

/**
 * Every complaint mails its sender and support, so the form is a way to send mail: a client
 * address may file this many per window (times RATE_LIMIT_SCALE, like every limit).
 */
export const COMPLAINT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 };

/** The /complaints form. The contract is documented in @app/shared schemas/complaints.ts. */
export const complaintsRoutes: FastifyPluginAsyncZod<ComplaintsRoutesOptions> = async (app, opts) => {
  const { complaints } = opts;

  app.post(
    '/api/complaint.php',
    {
      // A copy: the security plugin scales a route's limit in place.
      config: { rateLimit: { ...COMPLAINT_RATE_LIMIT } },
      schema: {
        tags: ['complaints'],
        summary: 'Files a complaint about a member, a payment or the service; mails the sender and support',
        body: ComplaintBodySchema,
        response: { 200: ComplaintResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return complaints.fileComplaint(request.body, {
        host: request.host,
        locale: requestLocale(request),
        memberId: request.member?.id ?? null,
      });
    },
  );
};
