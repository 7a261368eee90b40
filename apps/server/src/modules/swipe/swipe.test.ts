import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SWIPE_CARDS_LIMIT, SWIPE_LIKES_PER_DAY, SwipeCardsResponseSchema, SwipeResponseSchema } from '@app/shared';
import { buildBlock, buildLike, buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { likes, members, swipes } from '../../db/schema/index.js';

/** The app's clock: tests move it. 10:00 in Amsterdam. */
const clock = { now: new Date('2026-03-10T09:00:00Z') };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock.now });
});
afterAll(async () => t?.close());

beforeEach(async () => {
  clock.now = new Date('2026-03-10T09:00:00Z');
  // Every test sees only the members it builds.
  await t.db.update(members).set({ invisible: true });
});

type MemberOverrides = Parameters<typeof buildMember>[1];
type ProfileOverrides = NonNullable<MemberOverrides>['profile'];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  return { ...built, id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

/** A member a hetero woman's game may show: a hetero man. */
const man = async (profile: ProfileOverrides = {}, member: NonNullable<MemberOverrides>['member'] = {}) =>
  (await buildMember(t.db, { member, profile: { gender: 'male', sexuality: 'hetero', ...profile } })).member.id;

async function cardsOf(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/swipe.php', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return SwipeCardsResponseSchema.parse(res.json());
}

const decide = (cookie: string, id: unknown, action: unknown, locale = 'nl') =>
  t.app.inject({
    method: 'POST',
    url: '/api/swipe.php',
    payload: { id, action },
    headers: { ...XHR, cookie: `${cookie}; locale=${locale}` },
  });

describe('GET /api/swipe.php', () => {
  it('shows compatible, findable members not yet decided on or liked, photo and own country first', async () => {
    const me = await loggedIn({ profile: { gender: 'female', sexuality: 'hetero', country: 'NL' } });
    const withPhotoAbroad = await man({ country: 'BE' });
    await buildPhoto(t.db, withPhotoAbroad);
    const withPhotoHome = await man({ country: 'NL' });
    await buildPhoto(t.db, withPhotoHome);
    const noPhoto = await man();
    const bi = await buildMember(t.db, { profile: { gender: 'female', sexuality: 'bi' } });
    // Never shown: seeks men only, a woman who seeks women, invisible, disabled, deleted,
    // blocked either way, swiped, liked.
    await man({ sexuality: 'gay' });
    await buildMember(t.db, { profile: { gender: 'female', sexuality: 'lesbian' } });
    await man({}, { invisible: true });
    await man({ status: 'disabled' });
    await man({}, { deletedAt: new Date() });
    const blocked = await man();
    const blocking = await man();
    await buildBlock(t.db, me.id, blocked);
    await buildBlock(t.db, blocking, me.id);
    const passed = await man();
    await t.db.insert(swipes).values({ memberId: me.id, targetId: passed, action: 'pass', day: '2026-03-09' });
    const liked = await man();
    await buildLike(t.db, me.id, liked);

    const body = await cardsOf(me.cookie);
    expect(body.cards.map((c) => c.id)).toEqual([withPhotoHome, withPhotoAbroad, noPhoto]);
    expect(body).toMatchObject({ likes_left: SWIPE_LIKES_PER_DAY, limit: SWIPE_LIKES_PER_DAY });
    // A hetero woman does not see the bi woman; a bi man does, and the hetero men too.
    const biMan = await loggedIn({ profile: { gender: 'male', sexuality: 'bi' } });
    const seen = (await cardsOf(biMan.cookie)).cards.map((c) => c.id);
    expect(seen).toContain(bi.member.id);
    expect(seen).not.toContain(withPhotoHome);
    expect(seen).toContain(me.id);
  });

  it(`answers at most ${SWIPE_CARDS_LIMIT} cards`, async () => {
    const me = await loggedIn();
    for (let i = 0; i < SWIPE_CARDS_LIMIT + 2; i++) await man();
    expect((await cardsOf(me.cookie)).cards).toHaveLength(SWIPE_CARDS_LIMIT);
  });

  it('answers 403 to visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/swipe.php' })).statusCode).toBe(403);
    expect((await decide('', 1, 'like')).statusCode).toBe(403);
  });
});

describe('POST /api/swipe.php', () => {
  it('likes (source swipe, with the match) and passes; a decided card leaves the game', async () => {
    const me = await loggedIn();
    const fan = await man();
    const other = await man();
    await buildLike(t.db, fan, me.id);

    const liked = await decide(me.cookie, fan, 'like');
    expect(liked.statusCode).toBe(200);
    expect(SwipeResponseSchema.parse(liked.json())).toEqual({ likes_left: SWIPE_LIKES_PER_DAY - 1, match: true });
    const [like] = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, me.id), eq(likes.likedId, fan)));
    expect(like!.source).toBe('swipe');
    expect((await decide(me.cookie, other, 'pass')).json()).toEqual({
      likes_left: SWIPE_LIKES_PER_DAY - 1,
      match: false,
    });
    const rows = await t.db.select().from(swipes).where(eq(swipes.memberId, me.id));
    expect(rows.map((r) => [r.targetId, r.action, r.day]).sort()).toEqual(
      [
        [fan, 'like', '2026-03-10'],
        [other, 'pass', '2026-03-10'],
      ].sort(),
    );
    expect((await cardsOf(me.cookie)).cards).toEqual([]);

    // Deciding again changes and counts nothing.
    expect((await decide(me.cookie, other, 'like')).json()).toEqual({
      likes_left: SWIPE_LIKES_PER_DAY - 1,
      match: false,
    });
    expect((await decide(me.cookie, fan, 'like')).json()).toEqual({ likes_left: SWIPE_LIKES_PER_DAY - 1, match: true });
    expect(await t.db.select().from(likes).where(eq(likes.likerId, me.id))).toHaveLength(1);
  });

  it('refuses the 5th like of the day with a clear message in nl and en, storing nothing; passes go on', async () => {
    const me = await loggedIn();
    for (let i = 0; i < SWIPE_LIKES_PER_DAY; i++) {
      expect((await decide(me.cookie, await man(), 'like')).json().likes_left).toBe(SWIPE_LIKES_PER_DAY - 1 - i);
    }
    const fifth = await man();
    const nl = await decide(me.cookie, fifth, 'like');
    expect(nl.statusCode).toBe(409);
    expect(nl.json()).toEqual({
      error: 'swipe_limit_reached',
      message: 'Je hebt vandaag al 4 likes gegeven in het spel. Morgen kun je weer verder.',
    });
    const en = await decide(me.cookie, fifth, 'like', 'en');
    expect(en.json().message).toBe('You have already given 4 likes in the game today. You can carry on tomorrow.');
    const stored = await t.db
      .select()
      .from(swipes)
      .where(and(eq(swipes.memberId, me.id), eq(swipes.targetId, fifth)));
    expect(stored).toEqual([]);
    expect(await t.db.select().from(likes).where(eq(likes.likedId, fifth))).toEqual([]);
    expect((await decide(me.cookie, fifth, 'pass')).json()).toEqual({ likes_left: 0, match: false });
    expect((await cardsOf(me.cookie)).likes_left).toBe(0);
    // Likes outside the game are not limited.
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: await man() },
      headers: { ...XHR, cookie: me.cookie },
    });
    expect(outside.statusCode).toBe(200);
  });

  it("starts a new day at midnight in the member's time zone", async () => {
    const amsterdam = await loggedIn({ profile: { country: 'NL' } });
    const newYork = await loggedIn({ profile: { country: 'US' } });
    // 23:30 in Amsterdam, 17:30 in New York.
    clock.now = new Date('2026-03-10T22:30:00Z');
    for (const member of [amsterdam, newYork]) {
      for (let i = 0; i < SWIPE_LIKES_PER_DAY; i++)
        expect((await decide(member.cookie, await man(), 'like')).statusCode).toBe(200);
      expect((await decide(member.cookie, await man(), 'like')).statusCode).toBe(409);
    }
    // 00:30 in Amsterdam (a new day there), 18:30 in New York (the same day).
    clock.now = new Date('2026-03-10T23:30:00Z');
    expect((await cardsOf(amsterdam.cookie)).likes_left).toBe(SWIPE_LIKES_PER_DAY);
    expect((await decide(amsterdam.cookie, await man(), 'like')).json().likes_left).toBe(SWIPE_LIKES_PER_DAY - 1);
    expect((await decide(newYork.cookie, await man(), 'like')).statusCode).toBe(409);
    const [row] = await t.db
      .select()
      .from(swipes)
      .where(and(eq(swipes.memberId, amsterdam.id), eq(swipes.day, '2026-03-11')));
    expect(row).toBeDefined();
  });

  it('lets only the likes within the limit pass when they arrive at once', async () => {
    const me = await loggedIn();
    const targets: number[] = [];
    for (let i = 0; i < SWIPE_LIKES_PER_DAY * 2; i++) targets.push(await man());
    const answers = await Promise.all(targets.map((id) => decide(me.cookie, id, 'like')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(codes.filter((c) => c === 409)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(await t.db.select().from(likes).where(eq(likes.likerId, me.id))).toHaveLength(SWIPE_LIKES_PER_DAY);
    const liked = await t.db
      .select()
      .from(swipes)
      .where(and(eq(swipes.memberId, me.id), eq(swipes.action, 'like')));
    expect(liked).toHaveLength(SWIPE_LIKES_PER_DAY);
  });

  it('answers 404 for members not in the game, 400 for yourself and bad input', async () => {
    const me = await loggedIn();
    const hidden = await man({}, { invisible: true });
    const blocking = await man();
    await buildBlock(t.db, blocking, me.id);
    for (const id of [hidden, blocking, 999_999_999]) {
      const res = await decide(me.cookie, id, 'pass');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const self = await decide(me.cookie, me.id, 'like');
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('cannot_like_self');
    expect((await decide(me.cookie, blocking, 'maybe')).statusCode).toBe(400);
    expect(await t.db.select().from(swipes).where(eq(swipes.memberId, me.id))).toEqual([]);
  });
});
