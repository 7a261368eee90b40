import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditQuerySchema,
  AuditResponseSchema,
  OkResponseSchema,
  RecoveryCodesResponseSchema,
  StaffLoginBodySchema,
  StaffLoginResponseSchema,
  StaffMeResponseSchema,
  StaffTotpBodySchema,
  StaffTotpResponseSchema,
} from '@app/shared';
import type { Config } from '../../config.js';
import { actor, clearStaffCookie, setStaffCookie, staffGuard, staffToken } from './staff.auth.js';
import { staffAuthenticationRequired, type StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface StaffRoutesOptions {
  staff: StaffService;
  config: Pick<Config, 'secureCookies'>;
  /** The demo checkout takes orders: the console warns on every page. */
  demoPayments: boolean;
}

/** Guessing passwords or codes: few tries per client address (times RATE_LIMIT_SCALE). */
const LOGIN_RATE_LIMIT = { max: 10, timeWindow: 15 * 60_000 };

/** The console's login, its session and the audit log. Contract: @app/shared schemas/admin.ts. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { staff, config, demoPayments }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/admin/login.php',
    {
      config: { rateLimit: { ...LOGIN_RATE_LIMIT } },
      schema: {
        tags: ['admin'],
        summary: 'Staff login, step one: the password; answers which second step follows',
        body: StaffLoginBodySchema,
        response: { 200: StaffLoginResponseSchema, ...errorResponses(400, 403, 423, 429) },
      },
    },
    async (request, reply) => {
      const { token, response } = await staff.login(request.body.email, request.body.password, request.ip);
      setStaffCookie(reply, token, config);
      return response;
    },
  );

  app.post(
    '/api/admin/totp.php',
    {
      config: { rateLimit: { ...LOGIN_RATE_LIMIT } },
      schema: {
        tags: ['admin'],
        summary: 'Staff login, step two: an authenticator code or a recovery code',
        body: StaffTotpBodySchema,
        response: { 200: StaffTotpResponseSchema, ...errorResponses(400, 403, 423, 429) },
      },
    },
    async (request) => {
      const token = staffToken(request);
      if (!token) throw staffAuthenticationRequired();
      return { ...(await staff.secondFactor(token, request.body, request.ip)), demo_payments: demoPayments };
    },
  );

  app.get(
    '/api/admin/me.php',
    {
      onRequest: staffGuard(staff, null),
      schema: {
        tags: ['admin'],
        summary: 'The logged-in staff member',
        response: { 200: StaffMeResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => {
      const { ip: _ip, ...me } = actor(request);
      return { staff: me, demo_payments: demoPayments };
    },
  );

  app.post(
    '/api/admin/logout.php',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ends the console session',
        response: { 200: OkResponseSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      const token = staffToken(request);
      if (token) await staff.logout(token);
      clearStaffCookie(reply, config);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/recovery-codes.php',
    {
      onRequest: staffGuard(staff, null),
      schema: {
        tags: ['admin'],
        summary: 'A new set of recovery codes; the old set stops working',
        response: { 200: RecoveryCodesResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => ({ recovery_codes: await staff.regenerateRecoveryCodes(actor(request)) }),
  );

  app.get(
    '/api/admin/audit.php',
    {
      onRequest: staffGuard(staff, 'audit'),
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (admins)',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => staff.auditLog(request.query),
  );
};
