import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LOCALE, MailWebhookBodySchema, OkResponseSchema, isLocale, text } from '@app/shared';
import type { Config } from '../../config.js';
import { authenticationRequired } from '../../errors.js';
import { requestLocale } from '../../plugins/i18n.js';
import { memberId, requireMember } from '../../plugins/session.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { NotificationsService } from './notifications.service.js';
import { UNSUBSCRIBE_CSS, unsubscribePage, type UnsubscribeState } from './unsubscribe.page.js';
import { errorResponses } from '../../plugins/errors.js';

export interface NotificationsRoutesOptions {
  notifications: NotificationsService;
  settings: Pick<SettingsService, 'settingsForDomain'>;
  config: Pick<Config, 'mailWebhookSecret'>;
}

/** Any token-like string: a wrong one gets the translated 400 page, not a JSON error. */
const TokenQuerySchema = z.object({ token: text().max(512).optional() });

/** Compares secrets in constant time, whatever their lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The calls of mail providers and mail clients (unsubscribe, bounce and complaint webhook),
 * which carry their own proof instead of the request-type header, and the member's "turn
 * e-mail back on". The contract is documented in @app/shared schemas/notifications.ts.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<NotificationsRoutesOptions> = async (app, opts) => {
  const { notifications, settings, config } = opts;

  // RFC 8058 one-click posts come as a form (urlencoded or multipart); the token is in the URL,
  // so the body is read as text and otherwise ignored.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, String(body)),
  );

  app.get('/unsubscribe.css', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('text/css; charset=utf-8').send(UNSUBSCRIBE_CSS);
  });

  /** Answers the page for a token: its member's language and site, or the 400 page. */
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string | undefined,
    onValid: (memberId: number) => Promise<UnsubscribeState>,
  ) {
    reply.header('cache-control', 'no-store');
    const claim = token ? await notifications.verifyToken(token) : null;
    const recipient = claim ? await notifications.findMember(claim.memberId) : null;
    if (!claim || !recipient) {
      const { settings: site } = await request.site();
      const html = unsubscribePage(requestLocale(request), site.name, { state: 'invalid' });
      return reply.code(400).type('text/html; charset=utf-8').send(html);
    }
    const site = await settings.settingsForDomain(recipient.member.domain);
    const locale = isLocale(recipient.member.language) ? recipient.member.language : DEFAULT_LOCALE;
    const state = await onValid(claim.memberId);
    return reply.type('text/html; charset=utf-8').send(unsubscribePage(locale, site.name, state));
  }

  app.get('/api/unsubscribe.php', { schema: { hide: true, querystring: TokenQuerySchema } }, async (request, reply) =>
    page(request, reply, request.query.token, async () => ({
      state: 'ask',
      action: `/api/unsubscribe.php?token=${encodeURIComponent(request.query.token ?? '')}`,
    })),
  );

  app.post(
    '/api/unsubscribe.php',
    { schema: { hide: true, querystring: TokenQuerySchema }, config: { requestTypeExempt: true } },
    async (request, reply) =>
      page(request, reply, request.query.token, async (id) => {
        await notifications.unsubscribe(id);
        return { state: 'done', home: '/' };
      }),
  );

  app.post(
    '/api/mail-webhook.php',
    {
      schema: {
        tags: ['notifications'],
        summary: "The mail provider's bounce and spam-complaint webhook",
        body: MailWebhookBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403) },
      },
      config: { requestTypeExempt: true },
    },
    async (request) => {
      const given = request.headers['x-webhook-secret'];
      if (!config.mailWebhookSecret || typeof given !== 'string' || !sameSecret(given, config.mailWebhookSecret)) {
        throw authenticationRequired();
      }
      await notifications.recordMailProblem(request.body.email, request.body.type);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/email-enable.php',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turns e-mail back on: clears the reasons it was disabled',
        response: { 200: OkResponseSchema, ...errorResponses(403) },
      },
      onRequest: requireMember,
    },
    async (request) => {
      await notifications.enableEmail(memberId(request));
      return { ok: true as const };
    },
  );
};
