import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VisitorsQuerySchema, VisitorsResponseSchema } from '@app/shared';
import { errorResponses } from '../../plugins/errors.js';
import { memberId, requireMember } from '../../plugins/session.js';
import type { VisitsService } from './visits.service.js';

export interface VisitsRoutesOptions {
  visits: VisitsService;
}

/** Profile visitors. The contract is documented in @app/shared schemas/visits.ts. */
export const visitsRoutes: FastifyPluginAsyncZod<VisitsRoutesOptions> = async (app, opts) => {
  const { visits } = opts;

  app.get(
    '/api/visitors.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['visits'],
        summary: "Who opened the member's profile, newest first (premium); counts only for free members",
        querystring: VisitorsQuerySchema,
        response: { 200: VisitorsResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return visits.listFor(memberId(request), request.query, (await request.site()).settings);
    },
  );
};
