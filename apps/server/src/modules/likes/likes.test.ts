import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AutoLikeResponseSchema,
  BADGE_CAP,
  LIKES_PAGE_SIZE,
  LikeResponseSchema,
  LikesResponseSchema,
  MemberResponseSchema,
  type LikesResponse,
} from '@app/shared';
import {
  buildBlock,
  buildLike,
  buildMember,
  buildPhoto,
  mailsTo,
  tokenOf,
  uniqueEmail,
} from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, signupBody, type TestApp } from '../../../test/helpers.js';
import { likes, members } from '../../db/schema/index.js';
import { LIKES_CHANNEL, LikesChannelEventSchema, type LikesChannelEvent } from '../../platform/bus/events.js';
import { createInProcessBus } from '../../platform/bus/index.js';
import pino from 'pino';

/** The app's clock: tests move it. */
const clock = { now: new Date('2026-03-10T12:00:00Z') };
const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
const events: LikesChannelEvent[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { bus, now: () => clock.now });
  await bus.subscribe(LIKES_CHANNEL, (event) => void events.push(LikesChannelEventSchema.parse(event)));
});
afterAll(async () => {
  await t?.close();
  await bus.close();
});

type MemberOverrides = Parameters<typeof buildMember>[1];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

const male = (
  profile: NonNullable<MemberOverrides>['profile'] = {},
  member: NonNullable<MemberOverrides>['member'] = {},
) => ({
  profile: { gender: 'male' as const, ...profile },
  member,
});

const likeCall = (method: 'POST' | 'DELETE', cookie: string, id: unknown, locale = 'nl') =>
  t.app.inject({
    method,
    url: '/api/like.php',
    payload: { id },
    headers: { ...XHR, cookie: `${cookie}; locale=${locale}` },
  });

async function likesOf(cookie: string, query = ''): Promise<LikesResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/likes.php${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return LikesResponseSchema.parse(res.json());
}

/** Lets the in-process bus deliver what was published. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('POST and DELETE /api/like.php', () => {
  it('likes, idempotently, and reports the match once both liked, publishing a like and a match event', async () => {
    const a = await loggedIn();
    const b = await loggedIn(male());
    events.length = 0;

    const first = await likeCall('POST', a.cookie, b.id);
    expect(first.statusCode).toBe(200);
    expect(LikeResponseSchema.parse(first.json())).toEqual({ liked: true, match: false });
    expect((await likeCall('POST', a.cookie, b.id)).json()).toEqual({ liked: true, match: false });
    const rows = await t.db.select().from(likes).where(eq(likes.likerId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ likedId: b.id, source: 'profile', seenAt: null });

    expect((await likeCall('POST', b.cookie, a.id)).json()).toEqual({ liked: true, match: true });
    expect((await likeCall('POST', b.cookie, a.id)).json()).toEqual({ liked: true, match: true });
    await settle();
    const at = clock.now.toISOString();
    expect(events).toEqual([
      { type: 'like', liker_id: a.id, liked_id: b.id, source: 'profile', at },
      { type: 'like', liker_id: b.id, liked_id: a.id, source: 'profile', at },
      { type: 'match', member_ids: [a.id, b.id].sort((x, y) => x - y), at },
    ]);
  });

  it('notices a match exactly once when both like each other at the same moment', async () => {
    const pairs = [];
    for (let i = 0; i < 5; i++) pairs.push([await loggedIn(), await loggedIn(male())] as const);
    events.length = 0;
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [likeCall('POST', a.cookie, b.id), likeCall('POST', b.cookie, a.id)]),
    );
    await settle();
    pairs.forEach(([a, b], i) => {
      const matches = [answers[2 * i]!, answers[2 * i + 1]!].map((res) => LikeResponseSchema.parse(res.json()).match);
      expect(matches).toContain(true);
      const ids = [a.id, b.id].sort((x, y) => x - y);
      expect(events.filter((e) => e.type === 'match' && e.member_ids.join() === ids.join())).toHaveLength(1);
    });
  });

  it('unlikes idempotently, leaving the other like in place', async () => {
    const a = await loggedIn();
    const b = await loggedIn(male());
    await buildLike(t.db, a.id, b.id);
    await buildLike(t.db, b.id, a.id);
    for (let i = 0; i < 2; i++) {
      const res = await likeCall('DELETE', a.cookie, b.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: false, match: false });
    }
    const rows = await t.db.select().from(likes).where(eq(likes.likedId, a.id));
    expect(rows.map((r) => r.likerId)).toEqual([b.id]);
    expect(rows[0]!.matchedAt).toBeNull();
    // No longer a match on either side; b's like of a is still listed as given.
    const bCookie = await loginCookie(t.db, b.id);
    const ofB = await likesOf(bCookie);
    expect(ofB.matches).toEqual([]);
    expect(ofB.profiles.map((e) => [e.id, e.match])).toEqual([[a.id, false]]);
    expect((await likeCall('DELETE', a.cookie, 987_654_321)).statusCode).toBe(200);
  });

  it('lists a match made through the API on both sides, from the moment of the like back', async () => {
    const a = await loggedIn();
    const b = await loggedIn(male());
    expect((await likeCall('POST', a.cookie, b.id)).json()).toEqual({ liked: true, match: false });
    expect((await likesOf(a.cookie)).matches).toEqual([]);
    expect((await likeCall('POST', b.cookie, a.id)).json()).toEqual({ liked: true, match: true });
    expect((await likesOf(a.cookie)).matches.map((e) => e.id)).toEqual([b.id]);
    expect((await likesOf(b.cookie)).matches.map((e) => e.id)).toEqual([a.id]);
    const rows = await t.db
      .select()
      .from(likes)
      .where(inArray(likes.likerId, [a.id, b.id]));
    expect(rows.map((r) => r.matchedAt?.getTime())).toEqual([clock.now.getTime(), clock.now.getTime()]);
  });

  it('refuses to like yourself with a translated 400', async () => {
    const a = await loggedIn();
    const nl = await likeCall('POST', a.cookie, a.id);
    expect(nl.statusCode).toBe(400);
    expect(nl.json()).toEqual({ error: 'cannot_like_self', message: 'Je kunt jezelf niet liken.' });
    expect((await likeCall('POST', a.cookie, a.id, 'en')).json().message).toBe('You cannot like yourself.');
  });

  it('answers 404 for members the viewer cannot find, storing nothing', async () => {
    const a = await loggedIn();
    const invisible = await buildMember(t.db, male({}, { invisible: true }));
    const disabled = await buildMember(t.db, male({ status: 'disabled' }, { status: 'not_confirmed' }));
    const deleted = await buildMember(t.db, male({}, { deletedAt: new Date() }));
    const blockedMe = await buildMember(t.db, male());
    const blockedByMe = await buildMember(t.db, male());
    await buildBlock(t.db, blockedMe.member.id, a.id);
    await buildBlock(t.db, a.id, blockedByMe.member.id);
    for (const id of [invisible, disabled, deleted, blockedMe, blockedByMe]
      .map((m) => m.member.id)
      .concat(999_999_999)) {
      const res = await likeCall('POST', a.cookie, id);
      expect(res.statusCode, `member ${id}`).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect(await t.db.select().from(likes).where(eq(likes.likerId, a.id))).toEqual([]);
  });

  it('lets an unconfirmed member like; the like shows up once they confirmed', async () => {
    const b = await loggedIn(male());
    const email = uniqueEmail('unconfirmed-liker');
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: XHR,
      payload: signupBody(email, { name: 'Onbevestigd' }),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const unconfirmed = {
      id: signup.json().user.profile.id as number,
      cookie: `sid=${signup.cookies.find((c) => c.name === 'sid')!.value}`,
    };
    expect((await likeCall('POST', unconfirmed.cookie, b.id)).json()).toEqual({ liked: true, match: false });
    expect((await likesOf(b.cookie)).liked_by).toEqual([]);
    const [mail] = await mailsTo(t.db, email);
    const activated = await t.app.inject({
      method: 'GET',
      url: `/api/activate.php?token=${tokenOf(mail!.text, '/api/activate.php')}`,
    });
    expect(activated.headers.location).toBe('/activate/done');
    expect((await likesOf(b.cookie)).liked_by.map((e) => e.id)).toEqual([unconfirmed.id]);
  });

  it('answers 403 authentication_required to visitors and 400 to a bad id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/like.php', payload: { id: 1 }, headers: XHR });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('authentication_required');
    const a = await loggedIn();
    expect((await likeCall('POST', a.cookie, 'x')).statusCode).toBe(400);
    expect((await likeCall('POST', a.cookie, -3)).statusCode).toBe(400);
  });
});

describe('GET /api/likes.php', () => {
  it('lists given and received likes with cards, flags and matches, newest first, and counts new likes', async () => {
    const me = await loggedIn();
    const [x, y, z] = [
      await buildMember(t.db, male()),
      await buildMember(t.db, male()),
      await buildMember(t.db, male()),
    ];
    await buildPhoto(t.db, x.member.id);
    const minutesAgo = (m: number) => new Date(clock.now.getTime() - m * 60_000);
    await buildLike(t.db, me.id, x.member.id, { createdAt: minutesAgo(30) });
    await buildLike(t.db, me.id, y.member.id, { createdAt: minutesAgo(20), seenAt: minutesAgo(5) });
    await buildLike(t.db, x.member.id, me.id, { createdAt: minutesAgo(10) });
    await buildLike(t.db, z.member.id, me.id, { createdAt: minutesAgo(5), seenAt: minutesAgo(1) });

    const body = await likesOf(me.cookie);
    expect(body.profiles.map((e) => [e.id, e.like_new, e.match])).toEqual([
      [y.member.id, false, false],
      [x.member.id, true, true],
    ]);
    expect(body.liked_by.map((e) => [e.id, e.like_new, e.match])).toEqual([
      [z.member.id, false, false],
      [x.member.id, true, true],
    ]);
    expect(body.matches.map((e) => [e.id, e.like_new, e.match])).toEqual([[x.member.id, true, true]]);
    expect(body.new_likes).toBe(1);
    expect(body.next).toEqual({ given: null, received: null, matches: null });
    const card = body.profiles[1]!.card;
    expect(card).toMatchObject({ id: x.member.id, name: x.profile.name, fictional: false, country: 'NL' });
    expect(card.thumb).toMatch(/^https?:\/\/|^\//);
    expect(body.profiles[0]!.card.thumb).toBeNull();
  });

  it('never lists blocked (either way), invisible, deleted or disabled members, nor counts their likes', async () => {
    const me = await loggedIn();
    const visible = await buildMember(t.db, male());
    const hidden = [
      await buildMember(t.db, male({}, { invisible: true })),
      await buildMember(t.db, male({ status: 'disabled' })),
      await buildMember(t.db, male({}, { deletedAt: new Date() })),
      await buildMember(t.db, male()),
      await buildMember(t.db, male()),
    ];
    await buildBlock(t.db, me.id, hidden[3]!.member.id);
    await buildBlock(t.db, hidden[4]!.member.id, me.id);
    for (const m of [visible, ...hidden]) {
      await buildLike(t.db, me.id, m.member.id);
      await buildLike(t.db, m.member.id, me.id);
    }
    const body = await likesOf(me.cookie);
    expect(body.profiles.map((e) => e.id)).toEqual([visible.member.id]);
    expect(body.liked_by.map((e) => e.id)).toEqual([visible.member.id]);
    expect(body.matches.map((e) => e.id)).toEqual([visible.member.id]);
    expect(body.new_likes).toBe(1);
  });

  it('pages each list by cursor, LIKES_PAGE_SIZE at a time, without gaps or repeats', async () => {
    const me = await loggedIn();
    const count = LIKES_PAGE_SIZE + 5;
    const likers: number[] = [];
    // Several likes share a time, so the cursor's tie-break on the member id is exercised.
    for (let i = 0; i < count; i++) {
      const m = await buildMember(t.db, male());
      likers.push(m.member.id);
      await buildLike(t.db, m.member.id, me.id, {
        createdAt: new Date(clock.now.getTime() - Math.floor(i / 3) * 1000),
      });
    }
    const first = await likesOf(me.cookie);
    expect(first.liked_by).toHaveLength(LIKES_PAGE_SIZE);
    expect(first.next.received).not.toBeNull();
    expect(first.next.given).toBeNull();
    // Counted up to one more than the badge shows (99+).
    expect(first.new_likes).toBe(BADGE_CAP + 1);
    const second = await likesOf(me.cookie, `?list=received&before=${first.next.received}`);
    expect(second.profiles).toEqual([]);
    expect(second.matches).toEqual([]);
    expect(second.next.received).toBeNull();
    expect(second.new_likes).toBe(BADGE_CAP + 1);
    const ids = [...first.liked_by, ...second.liked_by].map((e) => e.id);
    // Newest first; equal times with the higher id first.
    const expected = likers
      .map((id, i) => ({ id, at: Math.floor(i / 3) }))
      .sort((p, q) => p.at - q.at || q.id - p.id)
      .map((p) => p.id);
    expect(ids).toEqual(expected);
  });

  it('orders matches by the later of the two likes, whichever side gave it, and pages them', async () => {
    const me = await loggedIn();
    const at = (minutes: number) => new Date(clock.now.getTime() - minutes * 60_000);
    // [minutes ago of my like, of their like]: the match dates from the smaller one.
    const spec: [number, number][] = [
      [50, 10], // matched 10 min ago, their like last
      [5, 60], // 5 min ago, my like last
      [30, 30], // 30 min ago, both at once
      [20, 40], // 20 min ago, my like last
    ];
    const ids: number[] = [];
    for (const [mine, theirs] of spec) {
      const m = await buildMember(t.db, male());
      ids.push(m.member.id);
      await buildLike(t.db, me.id, m.member.id, { createdAt: at(mine) });
      await buildLike(t.db, m.member.id, me.id, { createdAt: at(theirs), seenAt: theirs === 40 ? at(1) : null });
    }
    const body = await likesOf(me.cookie);
    expect(body.matches.map((e) => [e.id, e.like_new])).toEqual([
      [ids[1], true],
      [ids[0], true],
      [ids[3], false],
      [ids[2], true],
    ]);
    // The cursor of the second match: its time in microseconds and the member's id.
    const micros = `${at(10).getTime()}000`;
    const rest = await likesOf(me.cookie, `?list=matches&before=${micros}_${ids[0]}`);
    expect(rest.matches.map((e) => e.id)).toEqual([ids[3], ids[2]]);
  });

  it('answers 400 to a malformed cursor or a cursor without its list, and 403 to visitors', async () => {
    const me = await loggedIn();
    for (const query of ['?list=received&before=abc', '?before=1_2', '?list=received', '?list=other&before=1_2']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/likes.php${query}`, headers: { cookie: me.cookie } });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/likes.php' })).statusCode).toBe(403);
  });
});

describe('clearing the new-like flag', () => {
  it("clears it when the member opens the liker's profile, and only that like", async () => {
    const me = await loggedIn();
    const liker = await buildMember(t.db, male());
    const other = await buildMember(t.db, male());
    await buildLike(t.db, liker.member.id, me.id);
    await buildLike(t.db, other.member.id, me.id);
    await buildLike(t.db, me.id, liker.member.id);
    expect((await likesOf(me.cookie)).new_likes).toBe(2);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${liker.member.id}`,
      headers: { cookie: me.cookie },
    });
    expect(view.statusCode).toBe(200);
    MemberResponseSchema.parse(view.json());

    const body = await likesOf(me.cookie);
    expect(body.new_likes).toBe(1);
    expect(body.liked_by.find((e) => e.id === liker.member.id)?.like_new).toBe(false);
    expect(body.liked_by.find((e) => e.id === other.member.id)?.like_new).toBe(true);
    // My own like to the liker stays new until they open my profile.
    expect(body.profiles.find((e) => e.id === liker.member.id)?.like_new).toBe(true);
    const [row] = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, liker.member.id), eq(likes.likedId, me.id)));
    expect(row!.seenAt).not.toBeNull();
  });

  it('clears it with POST /api/likes-seen.php, idempotently', async () => {
    const me = await loggedIn();
    const liker = await buildMember(t.db, male());
    await buildLike(t.db, liker.member.id, me.id);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/likes-seen.php',
        payload: { id: liker.member.id },
        headers: { ...XHR, cookie: me.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await likesOf(me.cookie)).new_likes).toBe(0);
  });
});

describe('GET /api/auto-like.php', () => {
  const autoLike = async (cookie: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auto-like.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return AutoLikeResponseSchema.parse(res.json()).profile;
  };

  /** A fictional profile with a photo; every test starts without any other fictional profile. */
  async function fictional(
    overrides: NonNullable<MemberOverrides>['profile'] = {},
    member: NonNullable<MemberOverrides>['member'] = {},
  ) {
    const m = await buildMember(t.db, {
      member: { fictional: true, ...member },
      profile: { gender: 'male', ...overrides },
    });
    await buildPhoto(t.db, m.member.id);
    return m.member.id;
  }

  beforeEach(async () => {
    clock.now = new Date('2026-03-10T12:00:00Z');
    await t.db.update(members).set({ fictional: false }).where(eq(members.fictional, true));
  });

  it('has a compatible fictional profile with a photo like a quiet member, preferring their country, once a day', async () => {
    const me = await loggedIn({ profile: { gender: 'female', sexuality: 'hetero', country: 'BE' } });
    // None of these fits: own gender, seeks women, no photo, invisible, real member.
    await fictional({ gender: 'female', sexuality: 'lesbian', country: 'BE' });
    await fictional({ gender: 'male', sexuality: 'gay', country: 'BE' });
    await buildMember(t.db, { member: { fictional: true }, profile: { gender: 'male', country: 'BE' } });
    await fictional({ country: 'BE' }, { invisible: true });
    const real = await buildMember(t.db, male({ country: 'BE' }));
    await buildPhoto(t.db, real.member.id);
    const abroad = await fictional({ country: 'NL' });
    const home = await fictional({ country: 'BE', sexuality: 'bi' });
    events.length = 0;

    const profile = await autoLike(me.cookie);
    expect(profile).toMatchObject({ id: home, fictional: true, country: 'BE' });
    expect(profile!.thumb).not.toBeNull();
    const [row] = await t.db.select().from(likes).where(eq(likes.likedId, me.id));
    expect(row).toMatchObject({ likerId: home, source: 'auto', seenAt: null });
    await settle();
    expect(events).toEqual([
      { type: 'like', liker_id: home, liked_id: me.id, source: 'auto', at: clock.now.toISOString() },
    ]);

    // Again the same day: the same profile, nothing new.
    clock.now = new Date('2026-03-10T20:00:00Z');
    expect((await autoLike(me.cookie))?.id).toBe(home);
    expect(await t.db.select().from(likes).where(eq(likes.likedId, me.id))).toHaveLength(1);
    expect((await likesOf(me.cookie)).liked_by.map((e) => e.id)).toEqual([home]);

    // The next day, still within 24 hours of that like: nothing.
    clock.now = new Date('2026-03-11T09:00:00Z');
    expect(await autoLike(me.cookie)).toBeNull();
    // A quiet day later another profile (the only one left) likes.
    clock.now = new Date('2026-03-12T13:00:00Z');
    expect((await autoLike(me.cookie))?.id).toBe(abroad);
  });

  it('answers null while the member had a like in the last day, and when nothing fits', async () => {
    const me = await loggedIn();
    const liker = await buildMember(t.db, male());
    await buildLike(t.db, liker.member.id, me.id, { createdAt: new Date(clock.now.getTime() - 3_600_000) });
    await fictional();
    expect(await autoLike(me.cookie)).toBeNull();

    const lonely = await loggedIn({ profile: { gender: 'female', sexuality: 'lesbian' } });
    expect(await autoLike(lonely.cookie)).toBeNull();
    expect(await t.db.select().from(likes).where(eq(likes.likedId, lonely.id))).toEqual([]);
  });

  it('answers null to an unconfirmed or invisible member', async () => {
    await fictional();
    const unconfirmed = await loggedIn({ member: { status: 'not_confirmed' }, profile: { status: 'disabled' } });
    const invisible = await loggedIn({ member: { invisible: true } });
    expect(await autoLike(unconfirmed.cookie)).toBeNull();
    expect(await autoLike(invisible.cookie)).toBeNull();
  });

  it('skips fictional profiles blocked either way or that liked the member already; null once the day’s profile is gone', async () => {
    const me = await loggedIn();
    const blocked = await fictional();
    const blocking = await fictional();
    await buildBlock(t.db, me.id, blocked);
    await buildBlock(t.db, blocking, me.id);
    const chosen = await fictional();
    expect((await autoLike(me.cookie))?.id).toBe(chosen);
    await buildBlock(t.db, me.id, chosen);
    expect(await autoLike(me.cookie)).toBeNull();
  });

  it('counts the day in the member’s time zone: after midnight in Amsterdam a quiet member may get another', async () => {
    const me = await loggedIn();
    const first = await fictional();
    // 22:30 UTC on 10 March is 23:30 in Amsterdam.
    clock.now = new Date('2026-03-10T22:30:00Z');
    expect((await autoLike(me.cookie))?.id).toBe(first);
    const second = await fictional();
    // A day later at 00:30 Amsterdam time the day changed and 24 quiet hours passed.
    clock.now = new Date('2026-03-11T23:30:00Z');
    expect((await autoLike(me.cookie))?.id).toBe(second);
  });

  it('answers 403 to visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auto-like.php' })).statusCode).toBe(403);
  });
});
