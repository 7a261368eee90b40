import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeleteBodySchema,
  AccountSettingsBodySchema,
  AccountSettingsResponseSchema,
  EmailChangeBodySchema,
  EmailChangeConfirmBodySchema,
  EmailChangeConfirmResponseSchema,
  OkResponseSchema,
  PasswordChangeBodySchema,
  ReactivateQuerySchema,
  ReactivationRequestBodySchema,
  RetentionOfferBodySchema,
  RetentionOfferResponseSchema,
} from '@app/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { clearSessionCookie, memberId, requireMember, type Sessions } from '../../plugins/session.js';
import type { AccountSettingsService } from './account-settings.service.js';
import { DEFAULT_ACCOUNT_RATE_LIMITS, sessionStarter, type AccountRateLimits } from './accounts.routes.js';
import { errorResponses } from '../../plugins/errors.js';

export interface AccountSettingsRoutesOptions {
  accountSettings: AccountSettingsService;
  db: Db;
  /** Announces ended sessions: every process forgets them, and their live tabs close. */
  sessions: Pick<Sessions, 'ended'>;
  config: Pick<Config, 'publicUrl' | 'secureCookies'>;
  limits?: Partial<AccountRateLimits>;
}

/** Per-member limits, so one stolen session cannot guess the password at the IP limit's pace. */
const perMember = (request: FastifyRequest) => `member:${request.member?.id ?? request.ip}`;

/**
 * The settings page's calls (e-mail, password, invisible mode, notification switches), account
 * deletion with its retention offer, and reactivation. The contract is documented in
 * @app/shared schemas/account-settings.ts.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod<AccountSettingsRoutesOptions> = async (app, opts) => {
  const { accountSettings: service, config } = opts;
  const limits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...opts.limits };
  const passwordCheck = { ...limits.passwordCheck, keyGenerator: perMember };
  const startSession = sessionStarter(opts.db, opts.sessions, config);

  app.get(
    '/api/account.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: "The member's e-mail address, invisible mode and notification switches",
        response: { 200: AccountSettingsResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { account: await service.account(memberId(request)) };
    },
  );

  app.put(
    '/api/account.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: 'Saves invisible mode and any of the notification switches',
        body: AccountSettingsBodySchema,
        response: { 200: AccountSettingsResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ account: await service.updateAccount(memberId(request), request.body) }),
  );

  app.post(
    '/api/password.php',
    {
      onRequest: requireMember,
      config: { rateLimit: passwordCheck },
      schema: {
        tags: ['accounts'],
        summary: 'Changes the password; ends every other session and starts a new one here',
        body: PasswordChangeBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const { sessionToken } = await service.changePassword(memberId(request), request.body);
      await startSession(request, reply, sessionToken);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/email-change.php',
    {
      onRequest: requireMember,
      config: { rateLimit: passwordCheck },
      schema: {
        tags: ['accounts'],
        summary: 'Mails a link to the new address that confirms the change',
        body: EmailChangeBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      await service.requestEmailChange(memberId(request), request.body, await request.site());
      return { ok: true as const };
    },
  );

  app.post(
    '/api/email-change-do.php',
    {
      config: { rateLimit: limits.reactivation },
      schema: {
        tags: ['accounts'],
        summary: 'Changes the address with the token of the confirmation link; tells the old address',
        body: EmailChangeConfirmBodySchema,
        response: { 200: EmailChangeConfirmResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request) => service.confirmEmailChange(request.body.token),
  );

  app.post(
    '/api/retention-offer.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: "A personal discount code of the company's delete_discount, offered before deletion",
        body: RetentionOfferBodySchema,
        response: { 200: RetentionOfferResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ offer: await service.retentionOffer(memberId(request), request.body.reason) }),
  );

  app.post(
    '/api/account-delete.php',
    {
      onRequest: requireMember,
      config: { rateLimit: passwordCheck },
      schema: {
        tags: ['accounts'],
        summary: 'Deletes the account (reactivatable for 14 days), ends every session, mails the link',
        body: AccountDeleteBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(memberId(request), request.body, await request.site());
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reactivation.php',
    {
      config: { rateLimit: limits.reactivation },
      schema: {
        tags: ['accounts'],
        summary: 'Mails a new reactivation link to a recently deleted account; always ok',
        body: ReactivationRequestBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await service.requestReactivation(request.body.email, await request.site());
      return { ok: true as const };
    },
  );

  app.get(
    '/api/reactivate.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The link of the reactivation mail: restores the account, then redirects to login',
        querystring: ReactivateQuerySchema,
      },
    },
    async (request, reply) => {
      const ok = await service.reactivate(request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/login?reactivated=${ok ? 1 : 0}`, 302);
    },
  );
};
