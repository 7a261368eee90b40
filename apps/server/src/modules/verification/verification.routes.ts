import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OkResponseSchema, VerificationNoticeSeenBodySchema, VerificationResponseSchema } from '@app/shared';
import { errorResponses } from '../../plugins/errors.js';
import type { RouteLimit } from '../../plugins/security.js';
import { memberId, requireMember } from '../../plugins/session.js';
import { IMAGE_UPLOAD_LIMITS, readImageUpload } from '../media/media.upload.js';
import type { VerificationService } from './verification.service.js';

export interface VerificationRoutesOptions {
  verification: VerificationService;
  /** POST /api/verification.php decodes and encodes a selfie. */
  limit?: RouteLimit;
}

const DEFAULT_LIMIT: RouteLimit = { max: 10, timeWindow: 60 * 60_000 };

/** The member's verification request. Contract: @app/shared schemas/verification.ts. */
export const verificationRoutes: FastifyPluginAsyncZod<VerificationRoutesOptions> = async (app, opts) => {
  const { verification } = opts;
  await app.register(multipart, { limits: IMAGE_UPLOAD_LIMITS });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/verification.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: "The member's verification status and the pose to take",
        response: { 200: VerificationResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ verification: await verification.state(memberId(request)) }),
  );

  app.post(
    '/api/verification.php',
    {
      onRequest: requireMember,
      config: {
        rateLimit: {
          ...(opts.limit ?? DEFAULT_LIMIT),
          keyGenerator: (request: FastifyRequest) => `member:${request.member?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['profiles'],
        summary: 'Asks for the verified badge with a selfie in the pose shown (multipart, file field `file`)',
        consumes: ['multipart/form-data'],
        response: { 200: VerificationResponseSchema, ...errorResponses(400, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => ({
      verification: await verification.request(memberId(request), (await readImageUpload(request)).data),
    }),
  );

  app.post(
    '/api/verification-notice.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['profiles'],
        summary: 'The member saw the outcome of their verification request: its notice is not shown again',
        body: VerificationNoticeSeenBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      await verification.noticeSeen(memberId(request), request.body.outcome);
      return { ok: true as const };
    },
  );
};
