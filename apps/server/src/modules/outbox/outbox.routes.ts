import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxResponseSchema } from '@app/shared';
import type { Db } from '../../db/client.js';
import { listOutbox } from '../../platform/mail/index.js';

/**
 * GET /api/outbox.php: the mails the outbox transport kept, newest first. Registered only while
 * mail goes to the outbox (no SMTP_URL), i.e. on a developer's machine or a test install; with
 * SMTP the path does not exist.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/outbox.php',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Dev only: the mails of the outbox transport, newest first',
        response: { 200: OutboxResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox(db);
      return {
        mails: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
};
