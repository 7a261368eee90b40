import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBlock, buildLike, buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
/** How far the app's clock runs ahead: the landers read their pool once a minute. */
let aheadMs = 0;
const aMinuteOn = () => void (aheadMs += 61_000);
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => t?.close());

type MemberOverrides = Parameters<typeof buildMember>[1];

async function loggedIn(overrides: MemberOverrides = {}) {
  const built = await buildMember(t.db, overrides);
  await buildPhoto(t.db, built.member.id);
  return { id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

const male: MemberOverrides = { profile: { gender: 'male' } };

interface Presence {
  online: unknown;
  recently_active: unknown;
}

/** Every place in an answer that tells the presence of member `id`, whatever the answer's shape. */
function presencesOf(body: unknown, id: number): Presence[] {
  if (Array.isArray(body)) return body.flatMap((item) => presencesOf(item, id));
  if (body === null || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  const own =
    record.id === id && 'online' in record ? [{ online: record.online, recently_active: record.recently_active }] : [];
  return [...own, ...Object.values(record).flatMap((value) => presencesOf(value, id))];
}

/** What `cookie` (null: a visitor) is told of member `id`'s presence by every answer that carries presence. */
async function presenceSeen(cookie: string | null, id: number, conversationId: number): Promise<Presence[]> {
  const urls = [
    '/api/chats.php',
    `/api/chat.php?id=${conversationId}`,
    '/api/likes.php',
    '/api/blocks.php',
    `/api/member.php?id=${id}`,
    '/api/members.php',
    '/api/match-finder.php',
    '/api/swipe.php',
    `/api/lander.php?member_id=${id}`,
  ];
  const seen: Presence[] = [];
  for (const url of urls) {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    // Answers that are refused (not a member, not one's chat) tell nothing.
    if (res.statusCode === 200) seen.push(...presencesOf(res.json(), id));
  }
  return seen;
}

const ONLINE = { online: true, recently_active: true };
const AWAY = { online: false, recently_active: false };

describe('presence of an invisible member', () => {
  it('is hidden from their chat partner, liker, match and visitors, shown to themself, and back when they turn visible', async () => {
    const invisible = await loggedIn();
    const partner = await loggedIn({ ...male, member: { paidUser: true, credits: 100 } });
    const liker = await loggedIn(male);
    const match = await loggedIn(male);
    const blocker = await loggedIn(male);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: partner.cookie },
      payload: { member_id: invisible.id, body: 'Hoi!' },
    });
    expect(sent.statusCode).toBe(200);
    const conversationId: number = sent.json().message.conversation_id;
    await buildLike(t.db, liker.id, invisible.id);
    await buildLike(t.db, match.id, invisible.id);
    await buildLike(t.db, invisible.id, match.id);
    await buildBlock(t.db, blocker.id, invisible.id);

    const viewers = { partner: partner.cookie, liker: liker.cookie, match: match.cookie };
    const seenByAll = async () => {
      const seen: Record<string, Presence[]> = {};
      for (const [name, cookie] of Object.entries(viewers))
        seen[name] = await presenceSeen(cookie, invisible.id, conversationId);
      seen.visitor = await presenceSeen(null, invisible.id, conversationId);
      return seen;
    };
    // The blocker meets the member in their blocked list and on the profile, never with presence
    // (the public lander answers everyone as a visitor, who may see it).
    const blockerSees = async () => {
      const seen: Presence[] = [];
      for (const url of ['/api/blocks.php', `/api/member.php?id=${invisible.id}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: blocker.cookie } });
        expect(res.statusCode).toBe(200);
        seen.push(...presencesOf(res.json(), invisible.id));
      }
      return seen;
    };
    const setInvisible = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/account.php',
        headers: { ...XHR, cookie: invisible.cookie },
        payload: { invisible: on },
      });
      expect(res.statusCode).toBe(200);
      aMinuteOn();
    };

    // Visible and active: everyone who meets the member sees them online.
    const visible = await seenByAll();
    for (const [name, seen] of Object.entries(visible)) {
      expect(seen.length, name).toBeGreaterThan(0);
      for (const presence of seen) expect(presence, name).toEqual(ONLINE);
    }
    // The chat list and the chat's header both tell it.
    expect(visible.partner!.length).toBeGreaterThanOrEqual(2);
    const blocked = await blockerSees();
    expect(blocked.length).toBe(2);
    for (const presence of blocked) expect(presence).toEqual(AWAY);

    await setInvisible(true);
    const hidden = await seenByAll();
    for (const [name, seen] of Object.entries(hidden)) {
      for (const presence of seen) expect(presence, name).toEqual(AWAY);
    }
    // The chat still shows the member, without presence.
    expect(hidden.partner!.length).toBeGreaterThanOrEqual(2);
    // The member still sees their own.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${invisible.id}`,
      headers: { cookie: invisible.cookie },
    });
    expect(presencesOf(own.json(), invisible.id)).toEqual([ONLINE]);

    await setInvisible(false);
    const again = await seenByAll();
    for (const [name, seen] of Object.entries(again)) {
      expect(seen.length, name).toBeGreaterThan(0);
      for (const presence of seen) expect(presence, name).toEqual(ONLINE);
    }
  });
});

describe('presence across a block', () => {
  it("is not in the blocked list nor on the blocked member's profile, and shows again after the unblock", async () => {
    const blocker = await loggedIn(male);
    const blocked = await loggedIn();
    // Active now: without the block the blocker would see them online.
    await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: blocked.cookie } });
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: { ...XHR, cookie: blocker.cookie },
      payload: { id: blocked.id },
    });
    expect(block.statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/blocks.php', headers: { cookie: blocker.cookie } });
    expect(list.statusCode).toBe(200);
    const listed = presencesOf(list.json(), blocked.id);
    expect(listed).toEqual([AWAY]);
    expect(list.json().members[0]).toMatchObject({ id: blocked.id, active_this_week: false });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${blocked.id}`,
      headers: { cookie: blocker.cookie },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().member).toMatchObject({ blocked_by_me: true, ...AWAY, active_this_week: false });
    // The blocked member still sees their own presence.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${blocked.id}`,
      headers: { cookie: blocked.cookie },
    });
    expect(own.json().member).toMatchObject(ONLINE);

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      headers: { ...XHR, cookie: blocker.cookie },
      payload: { id: blocked.id },
    });
    expect(unblock.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/member.php?id=${blocked.id}`,
      headers: { cookie: blocker.cookie },
    });
    expect(after.json().member).toMatchObject({ blocked_by_me: false, ...ONLINE });
  });
});
