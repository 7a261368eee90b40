import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, PushPayloadSchema, type PushPayload } from '@app/shared';
import { buildBlock, buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { appSecrets, members, notificationDeliveries, pushSubscriptions } from '../../db/schema/index.js';
import { LIKES_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import { VAPID_SECRET_NAME } from '../../platform/push/index.js';
import {
  PUSH_STAND_IN_HOST,
  deviceKeys,
  startPushServiceStandIn,
  verifyVapid,
  type DeviceKeys,
  type PushServiceStandIn,
} from './push.stand-in.js';

let t: TestApp;
let service: PushServiceStandIn;
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
/** The app's warnings and errors, one JSON line each. */
const logLines: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
/**
 * The stand-in is a push service like the browsers': allowed by the configuration, as theirs are.
 * Subscribing shares the login's rate limit, which this file's many devices would pass.
 */
const config = { pushHosts: [PUSH_STAND_IN_HOST], rateLimitScale: 10 };

beforeAll(async () => {
  service = await startPushServiceStandIn();
  t = await buildTestApp(config, { bus, pushAgent: service.agent, logger });
});
afterAll(async () => {
  await t?.close();
  await bus.close();
  await service?.close();
});

type MemberOverrides = Parameters<typeof buildMember>[1];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { id: built.member.id, name: built.profile.name, cookie: await loginCookie(t.db, built.member.id) };
}

const male = { profile: { gender: 'male' as const } };

/** A device of a member: its keys, subscribed through the API. */
interface Device extends DeviceKeys {
  endpoint: string;
}

function subscribeCall(cookie: string | null, subscription: unknown, headers: Record<string, string> = XHR) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php?push=1',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: { subscription },
  });
}

async function subscribe(cookie: string): Promise<Device> {
  const keys = deviceKeys();
  const endpoint = service.endpoint();
  const res = await subscribeCall(cookie, {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ok: true });
  return { ...keys, endpoint };
}

function unsubscribeCall(cookie: string, endpoint: string) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/user.php?push=1',
    headers: { ...XHR, cookie },
    payload: { endpoint },
  });
}

function send(cookie: string, memberId: number, body = 'Hoi, geheim bericht') {
  return t.app.inject({
    method: 'POST',
    url: '/api/message.php',
    headers: { ...XHR, cookie },
    payload: { member_id: memberId, body },
  });
}

function like(cookie: string, memberId: number) {
  return t.app.inject({ method: 'POST', url: '/api/like.php', headers: { ...XHR, cookie }, payload: { id: memberId } });
}

function pushesTo(device: Device) {
  const path = new URL(device.endpoint).pathname;
  return service.received.filter((p) => p.path === path);
}

/** The device's pushes, decrypted and checked against the contract. */
function payloadsOf(device: Device): PushPayload[] {
  return pushesTo(device).map((p) => PushPayloadSchema.parse(JSON.parse(device.decrypt(p.body))));
}

/** Waits for the device to have `count` pushes, then a little longer to be sure no more come. */
async function expectPushes(device: Device, count: number): Promise<PushPayload[]> {
  await vi.waitFor(() => expect(pushesTo(device).length).toBeGreaterThanOrEqual(count), { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(pushesTo(device)).toHaveLength(count);
  return payloadsOf(device);
}

async function subscriptionsOf(memberId: number) {
  return t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
}

async function settingsKey(app = t.app): Promise<string> {
  return (await app.inject({ method: 'GET', url: '/api/settings.php' })).json().settings.push_public_key;
}

describe('POST and DELETE /api/user.php?push=1', () => {
  it('stores a subscription per device, refreshes it when the device subscribes again, and deletes it', async () => {
    const member = await loggedIn();
    const phone = await subscribe(member.cookie);
    const laptop = await subscribe(member.cookie);
    expect((await subscriptionsOf(member.id)).map((s) => s.endpoint).sort()).toEqual(
      [phone.endpoint, laptop.endpoint].sort(),
    );

    const renewed = deviceKeys();
    const again = await subscribeCall(member.cookie, {
      endpoint: phone.endpoint,
      keys: { p256dh: renewed.p256dh, auth: renewed.auth },
    });
    expect(again.statusCode).toBe(200);
    const rows = await subscriptionsOf(member.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.endpoint === phone.endpoint)).toMatchObject({
      p256dh: renewed.p256dh,
      auth: renewed.auth,
    });

    // Only the owner's DELETE removes a subscription.
    const other = await loggedIn();
    expect((await unsubscribeCall(other.cookie, laptop.endpoint)).statusCode).toBe(200);
    expect(await subscriptionsOf(member.id)).toHaveLength(2);
    const removed = await unsubscribeCall(member.cookie, phone.endpoint);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await subscriptionsOf(member.id)).map((s) => s.endpoint)).toEqual([laptop.endpoint]);
  });

  it("never moves another member's subscription to the caller, who gets no pushes for it", async () => {
    const owner = await loggedIn(male);
    const device = await subscribe(owner.cookie);
    const [before] = await subscriptionsOf(owner.id);

    const taker = await loggedIn(male);
    const attacker = deviceKeys();
    const res = await subscribeCall(taker.cookie, {
      endpoint: device.endpoint,
      keys: { p256dh: attacker.p256dh, auth: attacker.auth },
    });
    // Answered as if stored, so the call tells nothing about whose the endpoint is.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await subscriptionsOf(taker.id)).toEqual([]);
    expect(await subscriptionsOf(owner.id)).toEqual([before]);

    const sender = await loggedIn({ member: { paidUser: true, credits: 1000 } });
    expect((await send(sender.cookie, taker.id)).statusCode).toBe(200);
    expect((await send(sender.cookie, owner.id)).statusCode).toBe(200);
    // One push, the owner's, encrypted to the owner's keys.
    const [payload] = await expectPushes(device, 1);
    expect(payload!.type).toBe('message');
  });

  it('refuses an endpoint that is not on a push service, and stores nothing', async () => {
    const member = await loggedIn();
    const keys = deviceKeys();
    const path = `/push/${randomBytes(8).toString('hex')}`;
    for (const endpoint of [
      `http://${PUSH_STAND_IN_HOST}${path}`,
      `https://elsewhere.example${path}`,
      `https://${PUSH_STAND_IN_HOST}.elsewhere.example${path}`,
      `https://not${PUSH_STAND_IN_HOST}${path}`,
      `https://${PUSH_STAND_IN_HOST}:8443${path}`,
      `https://${PUSH_STAND_IN_HOST}:443${path}`,
      `https://user:secret@${PUSH_STAND_IN_HOST}${path}`,
      `https://127.0.0.1${path}`,
      `https://169.254.169.254${path}`,
      `https://[::1]${path}`,
      `https://localhost${path}`,
      `https://elsewhere.example\\@${PUSH_STAND_IN_HOST}${path}`,
    ]) {
      const res = await subscribeCall(
        member.cookie,
        { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
        { ...XHR, 'accept-language': 'en' },
      );
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json(), endpoint).toMatchObject({
        error: 'validation_failed',
        fields: { 'subscription.endpoint': "Notifications can only be sent through a browser's push service." },
      });
    }
    expect(await subscriptionsOf(member.id)).toEqual([]);
  });

  it('refuses keys that are not a P-256 public key and a 16-byte secret in base64url', async () => {
    const member = await loggedIn();
    const keys = deviceKeys();
    for (const bad of [
      { p256dh: keys.p256dh.slice(1), auth: keys.auth },
      { p256dh: `${keys.p256dh.slice(1)}+`, auth: keys.auth },
      { p256dh: keys.p256dh, auth: `${keys.auth}AAAA` },
      { p256dh: keys.p256dh, auth: 'x'.repeat(64) },
    ]) {
      const res = await subscribeCall(member.cookie, { endpoint: service.endpoint(), keys: bad });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toHaveLength(1);
    }
    expect(await subscriptionsOf(member.id)).toEqual([]);
  });

  it(`keeps a member's newest ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices: another replaces the oldest`, async () => {
    const member = await loggedIn();
    const devices: Device[] = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_MEMBER; i += 1) devices.push(await subscribe(member.cookie));
    const kept = (await subscriptionsOf(member.id)).map((s) => s.endpoint).sort();
    expect(kept).toEqual(
      devices
        .slice(1)
        .map((d) => d.endpoint)
        .sort(),
    );

    // Subscribing again refreshes a device, so the oldest is now the second one.
    await subscribeCall(member.cookie, {
      endpoint: devices[1]!.endpoint,
      keys: { p256dh: devices[1]!.p256dh, auth: devices[1]!.auth },
    });
    const newest = await subscribe(member.cookie);
    expect((await subscriptionsOf(member.id)).map((s) => s.endpoint).sort()).toEqual(
      [devices[1]!, ...devices.slice(3), newest].map((d) => d.endpoint).sort(),
    );
  });

  it(`holds the cap of ${PUSH_SUBSCRIPTIONS_PER_MEMBER} when one member subscribes many devices at once`, async () => {
    const member = await loggedIn();
    const calls = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_MEMBER + 6 }, () => {
      const keys = deviceKeys();
      return subscribeCall(member.cookie, {
        endpoint: service.endpoint(),
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
    });
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(200);
    expect(await subscriptionsOf(member.id)).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });

  it("ends a device's subscription with the login that made it", async () => {
    const member = await loggedIn(male);
    const device = await subscribe(member.cookie);
    expect(await subscriptionsOf(member.id)).toHaveLength(1);

    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { ...XHR, cookie: member.cookie },
    });
    expect(logout.statusCode).toBe(200);

    expect(await subscriptionsOf(member.id)).toEqual([]);
    const sender = await loggedIn({ member: { paidUser: true, credits: 100 } });
    expect((await send(sender.cookie, member.id)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesTo(device)).toEqual([]);
  });

  it('is for members only, needs the request-type header, and checks the subscription', async () => {
    const keys = deviceKeys();
    const subscription = { endpoint: service.endpoint(), keys: { p256dh: keys.p256dh, auth: keys.auth } };
    const visitor = await subscribeCall(null, subscription);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('authentication_required');

    const member = await loggedIn();
    const forged = await subscribeCall(member.cookie, subscription, {});
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('request_type_required');

    const invalid = await subscribeCall(member.cookie, { endpoint: 'not a url', keys: { p256dh: keys.p256dh } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      'subscription.endpoint': expect.any(String),
      'subscription.keys.auth': expect.any(String),
    });
    expect(await subscriptionsOf(member.id)).toEqual([]);

    const visitorDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php?push=1',
      headers: XHR,
      payload: { endpoint: subscription.endpoint },
    });
    expect(visitorDelete.statusCode).toBe(403);
    expect((await unsubscribeCall(member.cookie, 'nope')).statusCode).toBe(400);
  });

  it('leaves the login on the same path alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: XHR,
      payload: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('pushes', () => {
  it('sends one encrypted push per device for a message: the sender named, never the text, one per conversation', async () => {
    const sender = await loggedIn({ member: { paidUser: true, credits: 1000 }, profile: { name: 'Sanne' } });
    const recipient = await loggedIn({ ...male, member: { language: 'en' } });
    const phone = await subscribe(recipient.cookie);
    const laptop = await subscribe(recipient.cookie);

    const first = await send(sender.cookie, recipient.id);
    expect(first.statusCode).toBe(200);
    const conversationId: number = first.json().message.conversation_id;
    const [payload] = await expectPushes(phone, 1);
    expect(payload).toEqual({
      type: 'message',
      title: 'Sanne sent you a message',
      body: 'Open the chat to read it and reply.',
      url: `/chats/${conversationId}`,
      badge: 1,
      tag: `chat-${conversationId}`,
      icon: null,
    });
    expect(await expectPushes(laptop, 1)).toEqual([payload]);

    const [push] = pushesTo(phone);
    expect(push!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high' });
    expect(push!.headers.topic).toBe(`chat-${conversationId}`);
    expect(verifyVapid(push!, new URL(phone.endpoint).origin)).toBe(await settingsKey());

    await send(sender.cookie, recipient.id, 'Nog een geheim');
    const payloads = await expectPushes(phone, 2);
    expect(payloads[1]).toMatchObject({ title: 'New message from Sanne', badge: 2, tag: `chat-${conversationId}` });
    for (const p of [...payloads, ...payloadsOf(laptop)]) expect(JSON.stringify(p)).not.toContain('geheim');
  });

  it('follows the preferences: new_messages off still tells of a new conversation, and e-mail being disabled does not matter', async () => {
    const sender = await loggedIn({ member: { paidUser: true, credits: 1000 } });
    const recipient = await loggedIn({
      ...male,
      member: { notificationsOff: ['new_messages'], notificationsDisabled: ['bounce'] },
    });
    const phone = await subscribe(recipient.cookie);
    await send(sender.cookie, recipient.id);
    const [payload] = await expectPushes(phone, 1);
    expect(payload!.title).toContain('stuurde je een bericht');
    await send(sender.cookie, recipient.id);
    await expectPushes(phone, 1);

    const quiet = await loggedIn({ ...male, member: { notificationsOff: ['new_conversations', 'like'] } });
    const quietPhone = await subscribe(quiet.cookie);
    await send(sender.cookie, quiet.id);
    await like(sender.cookie, quiet.id);
    await expectPushes(quietPhone, 0);
  });

  it('tells of a like, and of a match to the member who did not make it', async () => {
    const liker = await loggedIn({ profile: { name: 'Eva' } });
    const liked = await loggedIn(male);
    const likerPhone = await subscribe(liker.cookie);
    const likedPhone = await subscribe(liked.cookie);

    expect((await like(liker.cookie, liked.id)).statusCode).toBe(200);
    const [likePush] = await expectPushes(likedPhone, 1);
    expect(likePush).toMatchObject({ type: 'like', title: 'Eva vindt je leuk', url: '/likes', badge: 1 });
    expect(pushesTo(likedPhone)[0]!.headers.urgency).toBe('normal');

    expect((await like(liked.cookie, liker.id)).json()).toEqual({ liked: true, match: true });
    const [matchPush] = await expectPushes(likerPhone, 1);
    // The like back is a new like of the liker's too.
    expect(matchPush).toMatchObject({ type: 'match', url: `/members/${liked.id}`, badge: 1 });
    expect(matchPush!.title).toContain(liked.name);
    await expectPushes(likedPhone, 1);
  });

  it('sends nothing to a member who is deleted or blocked the other, even for an event that arrives late', async () => {
    const liker = await loggedIn();
    const blocker = await loggedIn(male);
    const deleted = await loggedIn(male);
    const blockerPhone = await subscribe(blocker.cookie);
    const deletedPhone = await subscribe(deleted.cookie);
    await buildBlock(t.db, blocker.id, liker.id);
    await t.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, deleted.id));
    const at = new Date().toISOString();
    for (const likedId of [blocker.id, deleted.id]) {
      await publishEvent(bus, LIKES_CHANNEL, {
        type: 'like',
        liker_id: liker.id,
        liked_id: likedId,
        source: 'profile',
        at,
      });
    }
    await expectPushes(blockerPhone, 0);
    await expectPushes(deletedPhone, 0);
  });

  it('never contacts a stored endpoint off the push services, and still pushes to the allowed ones', async () => {
    const sender = await loggedIn({ member: { paidUser: true, credits: 1000 } });
    const recipient = await loggedIn(male);
    const phone = await subscribe(recipient.cookie);
    // Stored before the check existed, or before an operator took a host off PUSH_HOSTS.
    const stored = [
      'https://127.0.0.1/push/stored-1',
      'https://169.254.169.254/push/stored-2',
      `http://${PUSH_STAND_IN_HOST}/push/stored-3`,
      `https://${PUSH_STAND_IN_HOST}:8443/push/stored-4`,
      'https://internal.example/push/stored-5',
    ];
    const keys = deviceKeys();
    await t.db
      .insert(pushSubscriptions)
      .values(stored.map((endpoint) => ({ memberId: recipient.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })));
    await send(sender.cookie, recipient.id);
    await expectPushes(phone, 1);
    expect(new Set(service.contacted)).toEqual(new Set([`${PUSH_STAND_IN_HOST}:443`]));
    expect(service.received.filter((p) => p.path.startsWith('/push/stored-'))).toEqual([]);
  });

  it('deletes a subscription the push service reports gone, and keeps one that failed otherwise', async () => {
    const sender = await loggedIn({ member: { paidUser: true, credits: 1000 } });
    const recipient = await loggedIn(male);
    const gone = await subscribe(recipient.cookie);
    const failing = await subscribe(recipient.cookie);
    service.answer(gone.endpoint, 410);
    service.answer(failing.endpoint, 500);
    await send(sender.cookie, recipient.id);
    await expectPushes(gone, 1);
    await expectPushes(failing, 1);
    await vi.waitFor(async () =>
      expect((await subscriptionsOf(recipient.id)).map((s) => s.endpoint)).toEqual([failing.endpoint]),
    );
    const failures = logLines.filter((line) => line.includes('push failed'));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0]!)).toMatchObject({ status: 500, endpoint: `${new URL(failing.endpoint).origin}/…` });
    expect(failures[0]).not.toContain(new URL(failing.endpoint).pathname);
  });
});

describe('several processes', () => {
  it('sends each push once when two apps on one database receive every event', async () => {
    const second = await buildTestApp(config, { db: t.db, bus, pushAgent: service.agent });
    try {
      const sender = await loggedIn({ member: { paidUser: true, credits: 1000 } });
      const recipient = await loggedIn(male);
      const phone = await subscribe(recipient.cookie);
      const laptop = await subscribe(recipient.cookie);
      await send(sender.cookie, recipient.id);
      await send(sender.cookie, recipient.id);
      await expectPushes(phone, 2);
      await expectPushes(laptop, 2);
      const claims = await t.db
        .select({ kind: notificationDeliveries.kind })
        .from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.memberId, recipient.id), eq(notificationDeliveries.channel, 'push')));
      expect(claims).toEqual([{ kind: 'message' }, { kind: 'message' }]);
    } finally {
      await second.close();
    }
  });

  it('generates the VAPID keys once and keeps them across restarts; configured keys win', async () => {
    const key = await settingsKey();
    expect(key).toMatch(/^[\w-]{87}$/);
    const stored = await t.db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME));
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.value).publicKey).toBe(key);

    const restarted = await buildTestApp({}, { db: t.db, bus });
    try {
      expect(await settingsKey(restarted.app)).toBe(key);
    } finally {
      await restarted.close();
    }

    const configured = { publicKey: 'B'.repeat(87), privateKey: 'p'.repeat(43) };
    const withEnv = await buildTestApp({ vapid: configured }, { db: t.db, bus });
    try {
      expect(await settingsKey(withEnv.app)).toBe(configured.publicKey);
    } finally {
      await withEnv.close();
    }
    expect(await t.db.select().from(appSecrets).where(eq(appSecrets.name, VAPID_SECRET_NAME))).toEqual(stored);
  });
});
