import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('OpenAPI document', () => {
  it('lists every API route with its methods and schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/account-delete.php',
      '/api/account.php',
      '/api/activate.php',
      '/api/activation.php',
      '/api/admin/audit.php',
      '/api/admin/bundle.php',
      '/api/admin/bundles.php',
      '/api/admin/case.php',
      '/api/admin/cases.php',
      '/api/admin/companies.php',
      '/api/admin/company.php',
      '/api/admin/dashboard.php',
      '/api/admin/discount-code-expire.php',
      '/api/admin/discount-code.php',
      '/api/admin/discount-codes.php',
      '/api/admin/gift.php',
      '/api/admin/gifts.php',
      '/api/admin/held.php',
      '/api/admin/inbox-reply.php',
      '/api/admin/inbox-thread.php',
      '/api/admin/inbox.php',
      '/api/admin/login.php',
      '/api/admin/logout.php',
      '/api/admin/me.php',
      '/api/admin/member-activation.php',
      '/api/admin/member-credits.php',
      '/api/admin/member-delete.php',
      '/api/admin/member-status.php',
      '/api/admin/member-visits.php',
      '/api/admin/member.php',
      '/api/admin/members.php',
      '/api/admin/order-refund.php',
      '/api/admin/order.php',
      '/api/admin/orders.php',
      '/api/admin/page-text-reset.php',
      '/api/admin/page-texts.php',
      '/api/admin/photo-review.php',
      '/api/admin/recovery-codes.php',
      '/api/admin/site-profile-photo-delete.php',
      '/api/admin/site-profile-photo.php',
      '/api/admin/site-profile-photos.php',
      '/api/admin/site-profile.php',
      '/api/admin/site-profiles.php',
      '/api/admin/site.php',
      '/api/admin/sites.php',
      '/api/admin/totp.php',
      '/api/admin/verification-selfie.php',
      '/api/admin/verification.php',
      '/api/auto-like.php',
      '/api/block.php',
      '/api/blocks.php',
      '/api/bundles.php',
      '/api/chat-read.php',
      '/api/chat.php',
      '/api/chats.php',
      '/api/companyinfo.php',
      '/api/complaint.php',
      '/api/directdebit-confirm.php',
      '/api/directdebit.php',
      '/api/discountcode.php',
      '/api/email-change-do.php',
      '/api/email-change.php',
      '/api/email-enable.php',
      '/api/export.php',
      '/api/geocode.php',
      '/api/gift.php',
      '/api/gifts.php',
      '/api/interests.php',
      '/api/lander.php',
      '/api/like.php',
      '/api/likes-seen.php',
      '/api/likes.php',
      '/api/logout.php',
      '/api/mail-webhook.php',
      '/api/match-finder.php',
      '/api/member.php',
      '/api/members.php',
      '/api/message-image.php',
      '/api/message.php',
      '/api/order.php',
      '/api/outbox.php',
      '/api/page-hidden.php',
      '/api/page-text.php',
      '/api/password-reset-do.php',
      '/api/password-reset.php',
      '/api/password.php',
      '/api/payment-webhook.php',
      '/api/photos.php',
      '/api/profile.php',
      '/api/reactivate.php',
      '/api/reactivation.php',
      '/api/regions.php',
      '/api/repeat-order.php',
      '/api/report.php',
      '/api/retention-offer.php',
      '/api/settings.php',
      '/api/signup-matches.php',
      '/api/signup.php',
      '/api/swipe.php',
      '/api/transactions.php',
      '/api/typing.php',
      '/api/user.php',
      '/api/verification-notice.php',
      '/api/verification.php',
      '/api/visitors.php',
      '/manifest.webmanifest',
    ]);
    expect(Object.keys(doc.paths['/api/user.php']).sort()).toEqual(['delete', 'get', 'post', 'put']);
    const settings = doc.paths['/api/settings.php'].get;
    expect(settings.parameters.map((p: { name: string }) => p.name)).toContain('forced_domain');
    expect(settings.responses['200'].content['application/json'].schema.properties).toHaveProperty('settings');
    expect(doc.paths['/api/user.php'].put.requestBody.content['application/json'].schema.required).toEqual([
      'language',
    ]);
  });

  it('serves the documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
