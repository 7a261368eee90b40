import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCreditsBodySchema,
  AdminCreditsResponseSchema,
  AdminMemberDeleteBodySchema,
  AdminMemberIdBodySchema,
  AdminMemberListQuerySchema,
  AdminMemberListResponseSchema,
  AdminMemberQuerySchema,
  AdminMemberResponseSchema,
  AdminMemberStatusBodySchema,
  AdminMemberVisitsResponseSchema,
  AdminSiteBodySchema,
  AdminSiteResponseSchema,
  AdminSitesResponseSchema,
  CaseListQuerySchema,
  CaseListResponseSchema,
  CaseQuerySchema,
  CaseResponseSchema,
  CaseUpdateBodySchema,
  DashboardQuerySchema,
  DashboardResponseSchema,
  HeldContentResponseSchema,
  HeldDecisionBodySchema,
  InboxReplyBodySchema,
  InboxReplyResponseSchema,
  InboxResponseSchema,
  InboxThreadQuerySchema,
  InboxThreadResponseSchema,
  OkResponseSchema,
} from '@app/shared';
import type { AdminService } from './admin.service.js';
import { actor, staffGuard } from './staff.auth.js';
import type { StaffService } from './staff.service.js';
import { errorResponses } from '../../plugins/errors.js';

export interface AdminRoutesOptions {
  admin: AdminService;
  staff: StaffService;
}

const ok = { ok: true as const };

/** The console's work calls, each behind its permission. Contract: @app/shared schemas/admin.ts. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { admin, staff }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/dashboard.php',
    {
      onRequest: staffGuard(staff, 'dashboard'),
      schema: {
        tags: ['admin'],
        summary: 'Signups, active members, messages, orders and revenue per day',
        querystring: DashboardQuerySchema,
        response: { 200: DashboardResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => admin.dashboard(request.query.days),
  );

  app.get(
    '/api/admin/members.php',
    {
      onRequest: staffGuard(staff, 'members.view'),
      schema: {
        tags: ['admin'],
        summary: 'Members by id, e-mail or profile name',
        querystring: AdminMemberListQuerySchema,
        response: { 200: AdminMemberListResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => admin.members(request.query.q, request.query.before),
  );

  app.get(
    '/api/admin/member.php',
    {
      onRequest: staffGuard(staff, 'members.view'),
      schema: {
        tags: ['admin'],
        summary: "A member's account, profile, photos, orders, ledger, reports and complaints",
        querystring: AdminMemberQuerySchema,
        response: { 200: AdminMemberResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ member: await admin.memberDetail(request.query.id) }),
  );

  app.get(
    '/api/admin/member-visits.php',
    {
      onRequest: staffGuard(staff, 'members.view'),
      schema: {
        tags: ['admin'],
        summary: "A member's recent visitors and the profiles they visited, with counts",
        querystring: AdminMemberQuerySchema,
        response: { 200: AdminMemberVisitsResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => admin.memberVisits(request.query.id),
  );

  app.post(
    '/api/admin/member-credits.php',
    {
      onRequest: staffGuard(staff, 'members.credits'),
      schema: {
        tags: ['admin'],
        summary: 'Adds or takes credits with a reason (a ledger adjustment)',
        body: AdminCreditsBodySchema,
        response: { 200: AdminCreditsResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      balance: await admin.adjustCredits(
        actor(request),
        request.body.member_id,
        request.body.delta,
        request.body.reason,
      ),
    }),
  );

  app.post(
    '/api/admin/member-status.php',
    {
      onRequest: staffGuard(staff, 'members.ban'),
      schema: {
        tags: ['admin'],
        summary: 'Bans, shadow-bans or unbans a member',
        body: AdminMemberStatusBodySchema,
        response: { 200: AdminMemberResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ member: await admin.changeStatus(actor(request), request.body) }),
  );

  app.post(
    '/api/admin/member-activation.php',
    {
      onRequest: staffGuard(staff, 'members.activation'),
      schema: {
        tags: ['admin'],
        summary: 'Mails a new activation link',
        body: AdminMemberIdBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(403, 404, 409) },
      },
    },
    async (request) => {
      await admin.resendActivation(actor(request), request.body.member_id);
      return ok;
    },
  );

  app.post(
    '/api/admin/member-delete.php',
    {
      onRequest: staffGuard(staff, 'members.delete'),
      schema: {
        tags: ['admin'],
        summary: "Deletes a member's account (erased after the reactivation window)",
        body: AdminMemberDeleteBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await admin.deleteMember(actor(request), request.body.member_id, request.body.reason);
      return ok;
    },
  );

  app.get(
    '/api/admin/cases.php',
    {
      onRequest: staffGuard(staff, null),
      schema: {
        tags: ['admin'],
        summary: 'Reports and complaints in one queue, as far as the role may see them',
        querystring: CaseListQuerySchema,
        response: { 200: CaseListResponseSchema, ...errorResponses(403) },
      },
    },
    async (request) => admin.cases(actor(request), request.query.status, request.query.kind),
  );

  app.get(
    '/api/admin/case.php',
    {
      onRequest: staffGuard(staff, null),
      schema: {
        tags: ['admin'],
        summary: 'A report or complaint with its notes and a reported message in context',
        querystring: CaseQuerySchema,
        response: { 200: CaseResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => ({ case: await admin.caseDetail(actor(request), request.query.kind, request.query.id) }),
  );

  app.post(
    '/api/admin/case.php',
    {
      onRequest: staffGuard(staff, null),
      schema: {
        tags: ['admin'],
        summary: "Changes a case's status and/or adds a note",
        body: CaseUpdateBodySchema,
        response: { 200: CaseResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({ case: await admin.updateCase(actor(request), request.body) }),
  );

  app.get(
    '/api/admin/inbox.php',
    {
      onRequest: staffGuard(staff, 'conversations'),
      schema: {
        tags: ['admin'],
        summary: "Site-run profiles' conversations waiting for an answer",
        response: { 200: InboxResponseSchema, ...errorResponses(403) },
      },
    },
    async () => admin.inbox(),
  );

  app.get(
    '/api/admin/inbox-thread.php',
    {
      onRequest: staffGuard(staff, 'conversations'),
      schema: {
        tags: ['admin'],
        summary: "A site-run profile's conversation with the member's profile",
        querystring: InboxThreadQuerySchema,
        response: { 200: InboxThreadResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => admin.thread(request.query.conversation_id),
  );

  app.post(
    '/api/admin/inbox-reply.php',
    {
      onRequest: staffGuard(staff, 'conversations'),
      schema: {
        tags: ['admin'],
        summary: 'Answers as the site-run profile; the member receives it live',
        body: InboxReplyBodySchema,
        response: { 200: InboxReplyResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ({
      message: await admin.reply(actor(request), request.body.conversation_id, request.body.body),
    }),
  );

  app.get(
    '/api/admin/held.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Messages and about-me texts held back for review',
        response: { 200: HeldContentResponseSchema, ...errorResponses(403) },
      },
    },
    async () => admin.held(),
  );

  app.post(
    '/api/admin/held.php',
    {
      onRequest: staffGuard(staff, 'content'),
      schema: {
        tags: ['admin'],
        summary: 'Releases or drops held-back content',
        body: HeldDecisionBodySchema,
        response: { 200: OkResponseSchema, ...errorResponses(403, 404) },
      },
    },
    async (request) => {
      await admin.decideHeld(actor(request), request.body);
      return ok;
    },
  );

  app.get(
    '/api/admin/sites.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: "Every domain's stored settings",
        response: { 200: AdminSitesResponseSchema, ...errorResponses(403) },
      },
    },
    async () => admin.sites(),
  );

  app.put(
    '/api/admin/site.php',
    {
      onRequest: staffGuard(staff, 'settings'),
      schema: {
        tags: ['admin'],
        summary: "Replaces a domain's settings, validated as a whole",
        body: AdminSiteBodySchema,
        response: { 200: AdminSiteResponseSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => admin.updateSite(actor(request), request.body),
  );
};
