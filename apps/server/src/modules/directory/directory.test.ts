import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatResponseSchema,
  ChatsResponseSchema,
  LanderResponseSchema,
  LikesResponseSchema,
  MemberResponseSchema,
  SearchResponseSchema,
  SwipeCardsResponseSchema,
} from '@app/shared';
import { buildBlock, buildLike, buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { members } from '../../db/schema/index.js';
import { syncProfileVisibility } from './directory.repository.js';
import { findableCard, isFindableMember, isReachable } from './directory.repository.js';

/**
 * One rule decides who may see or reach whom. One fixture of a viewer and the members around
 * them, each hidden in one way, is read through every path that lists or reaches other members:
 * each path must leave out exactly the members the rule hides.
 */
let t: TestApp;
beforeAll(async () => {
  // The viewer writes to every member of the fixture, more than a member may send a minute.
  t = await buildTestApp({}, { messageRateLimit: { max: 1000, timeWindow: 60_000 } });
  // Only the fixture's members may show.
  await t.db.update(members).set({ invisible: true });
});
afterAll(async () => t?.close());

type Kind = 'shown' | 'alsoShown' | 'invisible' | 'deleted' | 'unconfirmed' | 'blockedByViewer' | 'blockingViewer';
const HIDDEN = ['invisible', 'deleted', 'unconfirmed', 'blockedByViewer', 'blockingViewer'] as const;

interface Fixture {
  viewer: { id: number; cookie: string };
  ids: Record<Kind, number>;
  /** The viewer's conversation with each member, started before they were hidden. */
  conversations: Record<Kind, number>;
}

const get = (url: string, cookie: string | null) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function okJson(url: string, cookie: string | null): Promise<unknown> {
  const res = await get(url, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

function send(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/message.php', headers: { ...XHR, cookie }, payload });
}

/**
 * A paying man seeking women, and women he may find, with a photo, who liked him and wrote
 * with him; then each but the two shown ones is hidden in its own way.
 */
async function buildFixture(): Promise<Fixture> {
  const { member: viewerRow } = await buildMember(t.db, {
    member: { paidUser: true, credits: 1000 },
    profile: { gender: 'male', sexuality: 'hetero', birthDate: '1990-03-01' },
  });
  const viewer = { id: viewerRow.id, cookie: await loginCookie(t.db, viewerRow.id) };
  const ids = {} as Record<Kind, number>;
  const conversations = {} as Record<Kind, number>;
  for (const kind of ['shown', 'alsoShown', ...HIDDEN] as const) {
    const { member } = await buildMember(t.db, {
      member: { paidUser: true, credits: 1000 },
      profile: { gender: 'female', sexuality: 'hetero', birthDate: '1991-06-01', lastActiveAt: new Date() },
    });
    await buildPhoto(t.db, member.id);
    await buildLike(t.db, member.id, viewer.id);
    const sent = await send(viewer.cookie, { member_id: member.id, body: `Hoi ${kind}` });
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = await send(await loginCookie(t.db, member.id), { member_id: viewer.id, body: `Hallo van ${kind}` });
    expect(reply.statusCode, reply.body).toBe(200);
    ids[kind] = member.id;
    conversations[kind] = sent.json().message.conversation_id;
  }
  await t.db.update(members).set({ invisible: true }).where(eq(members.id, ids.invisible));
  await t.db.update(members).set({ deletedAt: new Date() }).where(eq(members.id, ids.deleted));
  await t.db.update(members).set({ status: 'not_confirmed' }).where(eq(members.id, ids.unconfirmed));
  await syncProfileVisibility(t.db, ids.unconfirmed);
  await buildBlock(t.db, viewer.id, ids.blockedByViewer);
  await buildBlock(t.db, ids.blockingViewer, viewer.id);
  return { viewer, ids, conversations };
}

let f: Fixture;
beforeAll(async () => {
  f = await buildFixture();
});

/** The fixture's members among `listed`, by kind. */
function kindsIn(listed: readonly number[]): Kind[] {
  return (Object.entries(f.ids) as Array<[Kind, number]>).filter(([, id]) => listed.includes(id)).map(([k]) => k);
}

describe('who may see or reach whom, on every path', () => {
  it('search lists only the findable members, on its pages and among the similar ones', async () => {
    const body = SearchResponseSchema.parse(await okJson('/api/members.php', f.viewer.cookie));
    expect(kindsIn([...body.members, ...body.similar].map((c) => c.id)).sort()).toEqual(['alsoShown', 'shown']);
  });

  it('the likes lists and the new-likes count leave the hidden members out', async () => {
    const received = LikesResponseSchema.parse(await okJson('/api/likes.php', f.viewer.cookie));
    expect(kindsIn(received.liked_by.map((e) => e.id)).sort()).toEqual(['alsoShown', 'shown']);
    expect(received.new_likes).toBe(2);
  });

  it('the swipe game deals only findable members, and after liking back the given likes and matches show only them', async () => {
    const swipe = SwipeCardsResponseSchema.parse(await okJson('/api/swipe.php', f.viewer.cookie));
    expect(kindsIn(swipe.cards.map((c) => c.id)).sort()).toEqual(['alsoShown', 'shown']);

    const { shown, ...others } = f.ids;
    for (const id of Object.values(others)) await buildLike(t.db, f.viewer.id, id);
    // The last like back goes through the app, which announces it: the viewer's lists are built again.
    const liked = await t.app.inject({
      method: 'POST',
      url: '/api/like.php',
      headers: { ...XHR, cookie: f.viewer.cookie },
      payload: { id: shown },
    });
    expect(liked.statusCode, liked.body).toBe(200);
    const lists = LikesResponseSchema.parse(await okJson('/api/likes.php', f.viewer.cookie));
    expect(kindsIn(lists.profiles.map((e) => e.id)).sort()).toEqual(['alsoShown', 'shown']);
    expect(kindsIn(lists.matches.map((e) => e.id)).sort()).toEqual(['alsoShown', 'shown']);
  });

  it("a profile's related members are the findable ones; a hidden profile answers 404 but one the viewer blocked opens", async () => {
    const viewed = MemberResponseSchema.parse(await okJson(`/api/member.php?id=${f.ids.shown}`, f.viewer.cookie));
    expect(kindsIn(viewed.member.related.map((c) => c.id))).toEqual(['alsoShown']);
    for (const kind of ['invisible', 'deleted', 'unconfirmed', 'blockingViewer'] as const) {
      expect((await get(`/api/member.php?id=${f.ids[kind]}`, f.viewer.cookie)).statusCode, kind).toBe(404);
    }
    const blocked = MemberResponseSchema.parse(
      await okJson(`/api/member.php?id=${f.ids.blockedByViewer}`, f.viewer.cookie),
    );
    expect(blocked.member.blocked_by_me).toBe(true);
  });

  it('the chat list keeps an invisible partner without presence, and leaves out deleted, disabled and blocked ones', async () => {
    const { chats } = ChatsResponseSchema.parse(await okJson('/api/chats.php', f.viewer.cookie));
    expect(kindsIn(chats.map((c) => c.profile_id)).sort()).toEqual(['alsoShown', 'invisible', 'shown']);
    const invisible = chats.find((c) => c.profile_id === f.ids.invisible)!;
    expect(invisible.profile).toMatchObject({ online: false, recently_active: false });
    expect(chats.find((c) => c.profile_id === f.ids.shown)!.profile.online).toBe(true);
  });

  it('a chat with a hidden partner stays readable but closed, and opening one by member answers 404', async () => {
    for (const kind of ['shown', ...HIDDEN] as const) {
      const chat = ChatResponseSchema.parse(await okJson(`/api/chat.php?id=${f.conversations[kind]}`, f.viewer.cookie));
      expect(chat.closed, kind).toBe(kind !== 'shown');
      expect(chat.messages.length, kind).toBe(2);
      const byMember = await get(`/api/chat.php?member_id=${f.ids[kind]}`, f.viewer.cookie);
      expect(byMember.statusCode, kind).toBe(kind === 'shown' ? 200 : 404);
    }
  });

  it('nobody hidden can be liked or written to, by member or in the conversation they had', async () => {
    for (const kind of HIDDEN) {
      const like = await t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: { ...XHR, cookie: f.viewer.cookie },
        payload: { id: f.ids[kind] },
      });
      expect(like.statusCode, kind).toBe(404);
      expect((await send(f.viewer.cookie, { member_id: f.ids[kind], body: 'Hoi' })).statusCode, kind).toBe(404);
      const inConversation = await send(f.viewer.cookie, { conversation_id: f.conversations[kind], body: 'Hoi' });
      expect(inConversation.statusCode, kind).toBe(404);
    }
    expect((await send(f.viewer.cookie, { conversation_id: f.conversations.shown, body: 'Hoi' })).statusCode).toBe(200);
  });

  it('landers show visitors the findable members (blocks are between members), and no hidden one as their member', async () => {
    const lander = LanderResponseSchema.parse(await okJson('/api/lander.php', null));
    expect(kindsIn(lander.members.map((c) => c.id)).sort()).toEqual([
      'alsoShown',
      'blockedByViewer',
      'blockingViewer',
      'shown',
    ]);
    for (const kind of ['invisible', 'deleted', 'unconfirmed'] as const) {
      const featured = LanderResponseSchema.parse(await okJson(`/api/lander.php?member_id=${f.ids[kind]}`, null));
      expect(featured.member, kind).toBeNull();
    }
  });

  it('the repository checks agree with the lists', async () => {
    for (const [kind, id] of Object.entries(f.ids) as Array<[Kind, number]>) {
      const shown = kind === 'shown' || kind === 'alsoShown';
      expect(await isReachable(t.db, f.viewer.id, id), kind).toBe(shown);
      expect((await findableCard(t.db, id, f.viewer.id)) !== null, kind).toBe(shown);
      const findable = shown || kind === 'blockedByViewer' || kind === 'blockingViewer';
      expect(await isFindableMember(t.db, id), kind).toBe(findable);
      expect((await findableCard(t.db, id, null)) !== null, kind).toBe(findable);
    }
    expect(await isReachable(t.db, f.viewer.id, f.viewer.id)).toBe(false);
  });
});
