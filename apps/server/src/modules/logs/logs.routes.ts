import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageHiddenBodySchema } from '@app/shared';
import { recordPageHidden } from './logs.service.js';

/** A beacon is small; anything larger is not ours. */
const BEACON_BODY_LIMIT = 8 * 1024;

/** Reads a beacon body of any type: JSON when it parses to an object, else nothing. */
function parseBeacon(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * POST /api/page-hidden.php: sent with navigator.sendBeacon when a page becomes hidden. A beacon
 * cannot set headers and may arrive empty, as text/plain or as JSON, so this call is exempt from
 * the request-type check, accepts any body and always answers 204. It changes nothing but a log.
 */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: these lenient parsers apply to this route only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BEACON_BODY_LIMIT }, (_request, body, done) => {
    done(null, parseBeacon(typeof body === 'string' ? body : body.toString('utf8')));
  });

  app.post(
    '/api/page-hidden.php',
    {
      config: { requestTypeExempt: true },
      bodyLimit: BEACON_BODY_LIMIT,
      schema: {
        tags: ['logs'],
        summary: 'Page-bounce beacon; any body, always 204',
        body: PageHiddenBodySchema.catch({}).optional(),
        response: { 204: z.null().describe('Logged') },
      },
    },
    async (request, reply) => {
      recordPageHidden(request.log, request.body ?? {}, request.member?.id ?? null);
      return reply.code(204).send(null);
    },
  );
};
