import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OkResponseSchema,
  VerificationDecisionBodySchema,
  VerificationQueueQuerySchema,
  VerificationQueueResponseSchema,
  VerificationSelfieQuerySchema,
} from '@app/shared';
import { errorResponses } from '../../plugins/errors.js';
import { actor, staffGuard } from '../admin/staff.auth.js';
import type { StaffService } from '../admin/staff.service.js';
import type { VerificationService } from './verification.service.js';

export interface VerificationConsoleRoutesOptions {
  verification: VerificationService;
  staff: StaffService;
}

/**
 * The console's verification queue, for the roles of photo review. Selfies are served only here,
 * to a staff session, never cached. Contract: @app/shared schemas/verification.ts.
 */
export const verificationConsoleRoutes: FastifyPluginAsyncZod<VerificationConsoleRoutesOptions> = async (
  app,
  { verification, staff },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/verification.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Verification requests waiting for a decision, oldest first, a page at a time',
        querystring: VerificationQueueQuerySchema,
        response: { 200: VerificationQueueResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => verification.queue(request.query.after ?? null),
  );

  app.get(
    '/api/admin/verification-selfie.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: "A waiting request's selfie (image/webp)",
        querystring: VerificationSelfieQuerySchema,
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const data = await verification.selfie(request.query.id);
      // The success answer is bytes, not a JSON schema's object; fastify sends a Buffer as it is.
      const image: FastifyReply = reply;
      return image.type('image/webp').send(data);
    },
  );

  app.post(
    '/api/admin/verification.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Approves or rejects (with a reason) a verification request; erases the selfie',
        body: VerificationDecisionBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await verification.decide(actor(request), request.body);
      return { ok: true as const };
    },
  );
};
