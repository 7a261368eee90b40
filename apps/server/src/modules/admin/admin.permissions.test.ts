import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, staffCan, type StaffPermission, type StaffRole } from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';

/**
 * Every console call against every role: a role without the call's permission gets 403
 * permission_denied before its input is even read, a role with it never does. The list is
 * checked against the OpenAPI document, so a new console route cannot go untested.
 */
type Method = 'GET' | 'POST' | 'PUT';
const CALLS: Array<{ method: Method; url: string; permission: StaffPermission; payload?: object }> = [
  { method: 'GET', url: '/api/admin/dashboard.php', permission: 'dashboard' },
  { method: 'GET', url: '/api/admin/members.php', permission: 'members.view' },
  { method: 'GET', url: '/api/admin/member.php?id=1', permission: 'members.view' },
  { method: 'GET', url: '/api/admin/member-visits.php?id=1', permission: 'members.view' },
  { method: 'POST', url: '/api/admin/member-credits.php', permission: 'members.credits', payload: {} },
  { method: 'POST', url: '/api/admin/member-status.php', permission: 'members.ban', payload: {} },
  { method: 'POST', url: '/api/admin/member-activation.php', permission: 'members.activation', payload: {} },
  { method: 'POST', url: '/api/admin/member-delete.php', permission: 'members.delete', payload: {} },
  { method: 'GET', url: '/api/admin/cases.php?kind=report', permission: 'reports' },
  { method: 'GET', url: '/api/admin/cases.php?kind=complaint', permission: 'complaints' },
  { method: 'GET', url: '/api/admin/case.php?kind=report&id=999999', permission: 'reports' },
  { method: 'GET', url: '/api/admin/case.php?kind=complaint&id=999999', permission: 'complaints' },
  {
    method: 'POST',
    url: '/api/admin/case.php',
    permission: 'reports',
    payload: { kind: 'report', id: 999999, note: 'x' },
  },
  {
    method: 'POST',
    url: '/api/admin/case.php',
    permission: 'complaints',
    payload: { kind: 'complaint', id: 999999, note: 'x' },
  },
  { method: 'GET', url: '/api/admin/inbox.php', permission: 'conversations' },
  { method: 'GET', url: '/api/admin/inbox-thread.php?conversation_id=1', permission: 'conversations' },
  { method: 'POST', url: '/api/admin/inbox-reply.php', permission: 'conversations', payload: {} },
  { method: 'GET', url: '/api/admin/held.php', permission: 'content' },
  { method: 'POST', url: '/api/admin/held.php', permission: 'content', payload: {} },
  { method: 'GET', url: '/api/admin/sites.php', permission: 'settings' },
  { method: 'PUT', url: '/api/admin/site.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/page-texts.php?domain=localhost&locale=nl&page=faq', permission: 'settings' },
  { method: 'PUT', url: '/api/admin/page-texts.php', permission: 'settings', payload: {} },
  { method: 'POST', url: '/api/admin/page-text-reset.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/audit.php', permission: 'audit' },
  { method: 'GET', url: '/api/admin/orders.php', permission: 'orders' },
  { method: 'GET', url: '/api/admin/order.php?id=1', permission: 'orders' },
  { method: 'POST', url: '/api/admin/order-refund.php', permission: 'orders', payload: {} },
  { method: 'GET', url: '/api/admin/bundles.php', permission: 'settings' },
  { method: 'POST', url: '/api/admin/bundle.php', permission: 'settings', payload: {} },
  { method: 'PUT', url: '/api/admin/bundle.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/gifts.php', permission: 'settings' },
  { method: 'POST', url: '/api/admin/gift.php', permission: 'settings', payload: {} },
  { method: 'PUT', url: '/api/admin/gift.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/discount-codes.php', permission: 'settings' },
  { method: 'POST', url: '/api/admin/discount-code.php', permission: 'settings', payload: {} },
  { method: 'POST', url: '/api/admin/discount-code-expire.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/companies.php', permission: 'settings' },
  { method: 'PUT', url: '/api/admin/company.php', permission: 'settings', payload: {} },
  { method: 'GET', url: '/api/admin/site-profiles.php', permission: 'content' },
  { method: 'GET', url: '/api/admin/site-profile.php?id=1', permission: 'content' },
  { method: 'POST', url: '/api/admin/site-profile.php', permission: 'content', payload: {} },
  { method: 'PUT', url: '/api/admin/site-profile.php', permission: 'content', payload: {} },
  { method: 'POST', url: '/api/admin/site-profile-photo.php?id=1', permission: 'content', payload: {} },
  { method: 'POST', url: '/api/admin/site-profile-photos.php', permission: 'content', payload: {} },
  { method: 'POST', url: '/api/admin/site-profile-photo-delete.php', permission: 'content', payload: {} },
  { method: 'GET', url: '/api/admin/photo-review.php', permission: 'content' },
  { method: 'POST', url: '/api/admin/photo-review.php', permission: 'content', payload: {} },
  { method: 'GET', url: '/api/admin/verification.php', permission: 'content' },
  { method: 'POST', url: '/api/admin/verification.php', permission: 'content', payload: {} },
  { method: 'GET', url: '/api/admin/verification-selfie.php?id=1', permission: 'content' },
];

/** Calls every verified staff member may make, and the two login steps before there is one. */
const OPEN = ['GET /api/admin/me.php', 'POST /api/admin/logout.php', 'POST /api/admin/recovery-codes.php'];
const LOGIN = ['POST /api/admin/login.php', 'POST /api/admin/totp.php'];

let t: TestApp;
const cookies = new Map<StaffRole, string>();
beforeAll(async () => {
  t = await buildTestApp({ rateLimitScale: 100 });
  for (const role of STAFF_ROLES) cookies.set(role, (await staffSession(t, role)).cookie);
});
afterAll(async () => {
  await t?.close();
});

describe('console permissions', () => {
  it('cover every console route of the API', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const listed = new Set([...CALLS.map((c) => `${c.method} ${c.url.split('?')[0]}`), ...OPEN, ...LOGIN]);
    expect(documented.filter((call) => !listed.has(call))).toEqual([]);
  });

  it.each(CALLS.map((c) => [`${c.method} ${c.url}`, c] as const))('%s', async (_name, call) => {
    for (const role of STAFF_ROLES) {
      const res = await staffCall(t, cookies.get(role)!, call.method, call.url, call.payload);
      const denied = res.statusCode === 403 && res.json().error === 'permission_denied';
      expect(denied, `${role}: ${res.statusCode} ${res.body.slice(0, 120)}`).toBe(!staffCan(role, call.permission));
    }
  });

  it('refuses every console route without a staff session', async () => {
    for (const call of CALLS) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(res.json().error, call.url).toBe('staff_authentication_required');
    }
  });

  it('lets every staff member see themselves and renew their recovery codes', async () => {
    for (const role of STAFF_ROLES) {
      expect((await staffCall(t, cookies.get(role)!, 'GET', '/api/admin/me.php')).json().staff.role).toBe(role);
      expect(
        (await staffCall(t, cookies.get(role)!, 'POST', '/api/admin/recovery-codes.php')).json().recovery_codes,
      ).toHaveLength(10);
    }
  });
});
