import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxResponseSchema } from '@app/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { listOutbox } from '../../platform/mail/index.js';
import { listOutboxSms } from '../../platform/sms/index.js';
import { OUTBOX_CSS, outboxPage } from './outbox.page.js';

/**
 * The outbox holds activation and reset links: only a browser on this machine may read it, and
 * not through a proxy (a local reverse proxy would make every visitor look local).
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.ip);
  return loopback && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/**
 * GET /api/outbox.php and the page GET /dev/outbox: the mails and text messages the outbox
 * transports kept, newest first. Registered only while
 * mail goes to the outbox (no SMTP_URL), i.e. on a developer's machine or a test install; with
 * SMTP the paths do not exist, and from any address but this machine's they answer 404 too.
 * The page is a registered route, so the web app's page fallback never answers it.
 */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/outbox.php',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Dev only: the mails and text messages of the outbox transports, newest first',
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request, reply) => {
      if (!isLocalRequest(request)) throw notFound();
      reply.header('cache-control', 'no-store');
      const [rows, texts] = await Promise.all([listOutbox(db), listOutboxSms(db)]);
      return {
        sms: texts.map((m) => ({ id: m.id, to: m.to, text: m.text, created_at: m.createdAt.toISOString() })),
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

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request)) throw notFound();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(outboxPage(await listOutbox(db), await listOutboxSms(db)));
  });

  app.get('/dev/outbox.css', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalRequest(request)) throw notFound();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(OUTBOX_CSS);
  });
};
