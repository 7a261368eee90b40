import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponseSchema } from '@app/shared';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { imageForm, testJpeg } from '../../../test/uploads.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { liveUrl, openTab, tabHeaders, type LiveTestClient } from '../live/live.test-client.js';

const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
let t: TestApp;
let origin: string;
let moderator: string;
let selfie: Buffer;
const tabs: LiveTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ rateLimitScale: 100 }, { bus });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  moderator = (await staffSession(t, 'moderator')).cookie;
  selfie = await testJpeg(480, 640);
});
afterAll(async () => {
  await Promise.all(tabs.map((tab) => tab.close()));
  await t?.close();
  await bus.close();
});

/** A member with a main photo, logged in on two devices. */
async function member() {
  const { member: row } = await buildMember(t.db);
  await buildPhoto(t.db, row.id);
  return { id: row.id, cookie: await loginCookie(t.db, row.id), phone: await loginCookie(t.db, row.id) };
}

async function tab(cookie: string): Promise<LiveTestClient> {
  const client = await openTab(liveUrl(origin), tabHeaders(origin, cookie));
  tabs.push(client);
  await client.next('hello');
  return client;
}

/** The member asks with a selfie; answers the request's id. */
async function asks(m: { id: number; cookie: string }): Promise<number> {
  const form = imageForm(selfie);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/verification.php',
    headers: { ...XHR, cookie: m.cookie, 'content-type': form.contentType },
    payload: form.body,
  });
  expect(res.statusCode).toBe(200);
  const queue = await staffCall(t, moderator, 'GET', '/api/admin/verification.php');
  const requests: Array<{ id: number; member_id: number }> = queue.json().requests;
  return requests.find((r) => r.member_id === m.id)!.id;
}

async function notice(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return UserResponseSchema.parse(res.json()).user!.verification_notice;
}

const seen = (cookie: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verification-notice.php',
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

describe('the outcome in the app', () => {
  it("reaches the member's open tabs at once and no one else's, shows on every device until seen, then never again", async () => {
    const m = await member();
    const other = await member();
    const id = await asks(m);
    // Polled before the decision, so the answer is remembered: the decision must still show.
    expect(await notice(m.cookie)).toBeNull();
    const [first, second, others] = [await tab(m.cookie), await tab(m.phone), await tab(other.cookie)];

    expect(
      (await staffCall(t, moderator, 'POST', '/api/admin/verification.php', { id, decision: 'approve' })).statusCode,
    ).toBe(200);

    expect(await first.next('verification')).toEqual({ type: 'verification', outcome: 'approved' });
    expect(await second.next('verification')).toEqual({ type: 'verification', outcome: 'approved' });
    expect(await notice(m.cookie)).toBe('approved');
    expect(await notice(m.phone)).toBe('approved');
    expect(await notice(other.cookie)).toBeNull();
    // The other member's tab got nothing of it (the decision's event came before this check's).
    expect(others.events.some((e) => e.type === 'verification')).toBe(false);

    const res = await seen(m.phone, { outcome: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await notice(m.cookie)).toBeNull();
    expect(await notice(m.phone)).toBeNull();
    expect(await notice(m.cookie)).toBeNull();
    expect(others.events.some((e) => e.type === 'verification')).toBe(false);
  });

  it('tells a rejection; a notice of another outcome is not ended, malformed input changes nothing, visitors are refused', async () => {
    const m = await member();
    const id = await asks(m);
    const reject = { id, decision: 'reject', reason: 'Je gezicht is niet te zien' };
    expect((await staffCall(t, moderator, 'POST', '/api/admin/verification.php', reject)).statusCode).toBe(200);
    expect(await notice(m.cookie)).toBe('rejected');

    expect((await seen(m.cookie, { outcome: 'approved' })).statusCode).toBe(200);
    expect(await notice(m.cookie)).toBe('rejected');
    for (const body of [{}, { outcome: 'seen' }, { outcome: null }, [], { outcome: 'Rejected' }]) {
      const res = await seen(m.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    const visitor = await seen(null, { outcome: 'rejected' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');
    expect(await notice(m.cookie)).toBe('rejected');
  });

  it('ends with a new request, whose own decision is told again', async () => {
    const m = await member();
    const first = await asks(m);
    const reject = { id: first, decision: 'reject', reason: 'Onscherp' };
    expect((await staffCall(t, moderator, 'POST', '/api/admin/verification.php', reject)).statusCode).toBe(200);
    expect(await notice(m.cookie)).toBe('rejected');

    const second = await asks(m);
    expect(await notice(m.cookie)).toBeNull();
    expect(
      (await staffCall(t, moderator, 'POST', '/api/admin/verification.php', { id: second, decision: 'approve' }))
        .statusCode,
    ).toBe(200);
    expect(await notice(m.cookie)).toBe('approved');
  });
});
