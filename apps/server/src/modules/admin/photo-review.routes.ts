import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OkResponseSchema,
  PhotoReviewDecisionBodySchema,
  PhotoReviewQueueQuerySchema,
  PhotoReviewQueueResponseSchema,
} from '@app/shared';
import type { PhotoReviewService } from './photo-review.service.js';
import { actor, staffGuard } from './staff.auth.js';
import type { StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface PhotoReviewRoutesOptions {
  photoReview: PhotoReviewService;
  staff: StaffService;
}

/** The console's photo review queue. Contract: @app/shared schemas/admin-content.ts. */
export const photoReviewRoutes: FastifyPluginAsyncZod<PhotoReviewRoutesOptions> = async (
  app,
  { photoReview, staff },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/photo-review.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Photos waiting for review, oldest first',
        querystring: PhotoReviewQueueQuerySchema,
        response: { 200: PhotoReviewQueueResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => photoReview.queue(request.query.after),
  );

  app.post(
    '/api/admin/photo-review.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Approves or rejects (deletes) a waiting photo',
        body: PhotoReviewDecisionBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await photoReview.decide(actor(request), request.body);
      return { ok: true as const };
    },
  );
};
