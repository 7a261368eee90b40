import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_COOKIE,
  ActivateQuerySchema,
  LoginBodySchema,
  LoginResponseSchema,
  OkResponseSchema,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
  SignupBodySchema,
  SignupResponseSchema,
  UserLanguageBodySchema,
  UserResponseSchema,
} from '@app/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  clearSessionCookie,
  destroySession,
  memberId,
  requireMember,
  setSessionCookie,
  type Sessions,
} from '../../plugins/session.js';
import type { AccountsService } from './accounts.service.js';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_DAYS } from './login-device.js';
import { errorResponses } from '../../plugins/errors.js';
import type { RouteLimit } from '../../plugins/security.js';

/** Per-route rate limits of the accounts calls, on top of the login locks (accounts.rules). */
export interface AccountRateLimits {
  /** POST /api/user.php, per IP address. */
  login: RouteLimit;
  /** POST /api/signup.php, per IP address. */
  signup: RouteLimit;
  /** POST /api/password-reset.php and -do.php, per IP address. */
  passwordReset: RouteLimit;
  /** POST /api/activation.php, per member. */
  activation: RouteLimit;
  /** Calls that check the member's password (password, e-mail change, deletion), per member. */
  passwordCheck: RouteLimit;
  /** POST /api/reactivation.php and /api/email-change-do.php, per IP address. */
  reactivation: RouteLimit;
}

const MINUTE = 60_000;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  login: { max: 30, timeWindow: 5 * MINUTE },
  signup: { max: 20, timeWindow: 10 * MINUTE },
  passwordReset: { max: 10, timeWindow: 10 * MINUTE },
  activation: { max: 5, timeWindow: 10 * MINUTE },
  passwordCheck: { max: 10, timeWindow: 10 * MINUTE },
  reactivation: { max: 10, timeWindow: 10 * MINUTE },
};

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  db: Db;
  /** Announces ended sessions: every process forgets them, and their live tabs close. */
  sessions: Pick<Sessions, 'ended'>;
  config: Pick<Config, 'publicUrl' | 'secureCookies'>;
  limits?: Partial<AccountRateLimits>;
  /** Answers POST /api/user.php?push=1 (a device's push subscription) before the login runs. */
  pushSubscribe?: preValidationAsyncHookHandler;
}

/**
 * Ends the request's session, if it has one, and announces it: logout, and a new login in the
 * same browser.
 */
export async function endRequestSession(
  db: Db,
  sessions: Pick<Sessions, 'ended'>,
  request: FastifyRequest,
): Promise<void> {
  const token = request.cookies[AUTH_COOKIE];
  if (token) await destroySession(db, token);
  if (request.member) {
    const { id, sessionId } = request.member;
    await sessions.ended({ type: 'session_ended', member_id: id, session_id: sessionId });
  }
}

/**
 * Hands the browser the session of a login, signup or password change. A new session every
 * time: a session fixed before login never becomes a member's.
 */
export function sessionStarter(
  db: Db,
  sessions: Pick<Sessions, 'ended'>,
  config: Pick<Config, 'secureCookies'>,
): (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<void> {
  return async (request, reply, token) => {
    await endRequestSession(db, sessions, request);
    setSessionCookie(reply, token, config);
    reply.header('cache-control', 'no-store');
  };
}

/**
 * The login, signup, activation and password-reset calls, and GET/PUT /api/user.php
 * (spec section 7). The contract is documented in @app/shared schemas/accounts.ts.
 */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, opts) => {
  const { accounts, config } = opts;
  const limits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...opts.limits };

  const startSession = sessionStarter(opts.db, opts.sessions, config);

  app.get(
    '/api/user.php',
    {
      config: { memberAnswer: true },
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in member, or null for a visitor',
        response: { 200: UserResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: await accounts.currentUser(request.member?.id ?? null) };
    },
  );

  app.put(
    '/api/user.php',
    {
      onRequest: requireMember,
      schema: {
        tags: ['accounts'],
        summary: "Saves the member's language",
        body: UserLanguageBodySchema,
        response: { 200: UserResponseSchema, ...errorResponses(400, 403) },
      },
    },
    async (request) => ({ user: await accounts.changeLanguage(memberId(request), request.body.language) }),
  );

  app.post(
    '/api/user.php',
    {
      config: { rateLimit: limits.login },
      ...(opts.pushSubscribe ? { preValidation: opts.pushSubscribe } : {}),
      schema: {
        tags: ['accounts'],
        summary: 'Logs in with e-mail and password; starts a new session (?push=1: stores push subscription)',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errorResponses(400, 401, 403, 423, 429) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken, deviceToken } = await accounts.login(request.body.email, request.body.password, {
        ip: request.ip,
        device: request.cookies[LOGIN_DEVICE_COOKIE],
      });
      await startSession(request, reply, sessionToken);
      reply.setCookie(LOGIN_DEVICE_COOKIE, deviceToken, {
        path: '/api/user.php',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.secureCookies,
        maxAge: LOGIN_DEVICE_DAYS * 86_400,
      });
      return { user };
    },
  );

  app.get(
    '/api/logout.php',
    {
      config: { requestTypeRequired: true },
      schema: {
        tags: ['accounts'],
        summary: 'Ends the session and clears the auth cookie (needs the request-type header)',
        response: { 200: OkResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await endRequestSession(opts.db, opts.sessions, request);
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );

  app.post(
    '/api/signup.php',
    {
      config: { rateLimit: limits.signup },
      schema: {
        tags: ['accounts'],
        summary: 'Creates an account (not confirmed), mails the activation link and logs in',
        body: SignupBodySchema,
        response: { 200: SignupResponseSchema, ...errorResponses(400, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await accounts.signup(request.body, await request.site());
      await startSession(request, reply, sessionToken);
      return { user };
    },
  );

  app.get(
    '/api/activate.php',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The link of the activation mail: confirms the account, then redirects to a page',
        querystring: ActivateQuerySchema,
      },
    },
    async (request, reply) => {
      const ok = await accounts.activate(request.query.token);
      reply.header('cache-control', 'no-store');
      return reply.redirect(ok ? '/activate/done' : '/activate/error', 302);
    },
  );

  app.post(
    '/api/activation.php',
    {
      onRequest: requireMember,
      config: {
        rateLimit: { ...limits.activation, keyGenerator: (request) => `member:${request.member?.id ?? request.ip}` },
      },
      schema: {
        tags: ['accounts'],
        summary: 'Mails the activation link again; any body is ignored (ActivationResendBody)',
        response: { 200: OkResponseSchema, ...errorResponses(403, 409, 429) },
      },
    },
    async (request) => {
      await accounts.resendActivation(memberId(request), { origin: (await request.site()).origin });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset.php',
    {
      config: { rateLimit: limits.passwordReset },
      schema: {
        tags: ['accounts'],
        summary: 'Mails a password-reset link',
        body: PasswordResetRequestBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email, { origin: (await request.site()).origin });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/password-reset-do.php',
    {
      config: { rateLimit: limits.passwordReset },
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password with the token of a reset link; ends all sessions',
        body: PasswordResetBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};
