import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLike, buildMember, passwordHash } from '../../test/factories.js';
import { XHR, buildTwoProcesses, loginCookie, type TestApp } from '../../test/helpers.js';
import { staffCall, staffSession } from '../../test/staff.js';
import { members, profiles, sessions } from '../db/schema/index.js';
import { createInProcessBus } from '../platform/bus/index.js';
import { createMemberAnswers, isKeptAnswer } from './member-answers.js';

/** Two processes (buildTwoProcesses), each remembering sessions and polled answers: what one changes, the other forgets. */
let a: TestApp;
let b: TestApp;
let processes: Awaited<ReturnType<typeof buildTwoProcesses>> | undefined;

beforeAll(async () => {
  processes = await buildTwoProcesses({ rateLimitScale: 100 });
  ({ a, b } = processes);
});
afterAll(async () => {
  await processes?.close();
});

const PASSWORD = 'het-oude-wachtwoord';

async function member(overrides: Partial<typeof members.$inferInsert> = {}) {
  const { member: row, profile } = await buildMember(a.db, {
    member: { paidUser: true, credits: 1000, passwordHash: await passwordHash(PASSWORD), ...overrides },
  });
  return { id: row.id, name: profile.name, cookie: await loginCookie(a.db, row.id) };
}

type Member = Awaited<ReturnType<typeof member>>;

const get = (t: TestApp, cookie: string, url: string, etag?: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) } });

const write = (t: TestApp, cookie: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { ...XHR, cookie }, payload });

/** A's answer to `url` for `m` is remembered: the same tag comes back 304 from A. */
async function remembered(m: Member, url: string): Promise<string> {
  const first = await get(a, m.cookie, url);
  expect(first.statusCode, first.body).toBe(200);
  const etag = first.headers.etag as string;
  expect((await get(a, m.cookie, url, etag)).statusCode).toBe(304);
  return etag;
}

/** The next poll through A, once the change made through B reached it, is a 200. */
async function changedOnA(m: Member, url: string, etag: string) {
  await expect.poll(async () => (await get(a, m.cookie, url, etag)).statusCode, { timeout: 2_000 }).toBe(200);
  return (await get(a, m.cookie, url)).json();
}

const denied = { error: 'authentication_required' };

async function expectDenied(m: { cookie: string }) {
  for (const t of [a, b]) {
    await expect
      .poll(async () => {
        const res = await get(t, m.cookie, '/api/chats.php');
        return [res.statusCode, res.json().error];
      })
      .toEqual([403, denied.error]);
  }
}

describe('sessions remembered per process', () => {
  async function seenByBoth() {
    const m = await member();
    for (const t of [a, b]) expect((await get(t, m.cookie, '/api/chats.php')).statusCode).toBe(200);
    return m;
  }

  it('are forgotten by the same process at once and by the other after a logout', async () => {
    const m = await seenByBoth();
    const logout = await a.app.inject({ method: 'GET', url: '/api/logout.php', headers: { ...XHR, cookie: m.cookie } });
    expect(logout.statusCode).toBe(200);
    const res = await get(a, m.cookie, '/api/chats.php');
    expect([res.statusCode, res.json().error]).toEqual([403, denied.error]);
    await expectDenied(m);
  });

  it('are forgotten everywhere after a ban', async () => {
    const m = await seenByBoth();
    const { cookie } = await staffSession(a, 'admin');
    const ban = await staffCall(a, cookie, 'POST', '/api/admin/member-status.php', {
      member_id: m.id,
      action: 'ban',
      reason: 'Nepprofiel',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await get(a, m.cookie, '/api/chats.php')).statusCode).toBe(403);
    await expectDenied(m);
  });

  it('are forgotten everywhere after a password change, except the one it starts', async () => {
    const m = await seenByBoth();
    const changed = await write(a, m.cookie, 'POST', '/api/password.php', {
      old_password: PASSWORD,
      password: 'een-nieuw-wachtwoord',
      password_repeat: 'een-nieuw-wachtwoord',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(a, m.cookie, '/api/chats.php')).statusCode).toBe(403);
    await expectDenied(m);
    const fresh = changed.cookies.find((c) => c.name === 'sid')!;
    for (const t of [a, b]) expect((await get(t, `sid=${fresh.value}`, '/api/chats.php')).statusCode).toBe(200);
  });

  it('are not trusted past their expiry', async () => {
    const m = await member();
    await a.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 500) })
      .where(eq(sessions.memberId, m.id));
    expect((await get(a, m.cookie, '/api/chats.php')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await get(a, m.cookie, '/api/chats.php')).statusCode).toBe(403);
  });
});

describe('polled answers remembered per process', () => {
  it('answer an unchanged poll 304, and a plain GET whole, from memory until a write is announced', async () => {
    const me = await member();
    const etag = await remembered(me, '/api/user.php');
    // A change announced nowhere (made outside the app) is not read: the answers come from memory.
    await a.db.update(members).set({ credits: 5 }).where(eq(members.id, me.id));
    expect((await get(a, me.cookie, '/api/user.php', etag)).statusCode).toBe(304);
    const kept = await get(a, me.cookie, '/api/user.php');
    expect([kept.statusCode, kept.headers.etag, kept.json().user.credits]).toEqual([200, etag, 1000]);
    // The member's own write is announced: the next answer is built, and its new tag remembered.
    const saved = await write(a, me.cookie, 'PUT', '/api/user.php', { language: 'en' });
    expect(saved.statusCode, saved.body).toBe(200);
    const built = await get(a, me.cookie, '/api/user.php');
    expect(built.json().user.credits).toBe(5);
    expect((await get(a, me.cookie, '/api/user.php', built.headers.etag as string)).statusCode).toBe(304);
  });

  it("never answer 304 to a tag that does not match, another member's tag, or a request without the cookie", async () => {
    const [one, two] = [await member(), await member()];
    await write(a, two.cookie, 'POST', '/api/message.php', { member_id: one.id, body: 'Hoi' });
    const etag = await remembered(one, '/api/chats.php');
    expect((await get(a, one.cookie, '/api/chats.php', 'W/"other"')).statusCode).toBe(200);
    await remembered(two, '/api/chats.php');
    const other = await get(a, two.cookie, '/api/chats.php', etag);
    expect(other.statusCode).toBe(200);
    expect(other.json().chats[0].profile_id).toBe(one.id);
    const userTag = await remembered(one, '/api/user.php');
    const visitor = await get(a, '', '/api/user.php', userTag);
    expect([visitor.statusCode, visitor.json()]).toEqual([200, { user: null }]);
    expect((await get(a, '', '/api/chats.php', etag)).statusCode).toBe(403);
    expect((await get(a, two.cookie, '/api/user.php', userTag)).statusCode).toBe(200);
  });

  it('answer 200 after a message sent through the other process, to both members', async () => {
    const [me, partner] = [await member(), await member()];
    const mine = await remembered(me, '/api/chats.php');
    const theirs = await remembered(partner, '/api/chats.php');
    const sent = await write(b, partner.cookie, 'POST', '/api/message.php', { member_id: me.id, body: 'Hoi daar' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { chats } = await changedOnA(me, '/api/chats.php', mine);
    expect(
      chats.map((c: { profile_id: number; num_unread_messages: number }) => [c.profile_id, c.num_unread_messages]),
    ).toEqual([[partner.id, 1]]);
    expect((await changedOnA(partner, '/api/chats.php', theirs)).chats).toHaveLength(1);
  });

  it('answer 200 after a like and a like back through the other process', async () => {
    const [me, liker] = [await member(), await member()];
    const mine = await remembered(me, '/api/likes.php');
    const liked = await write(b, liker.cookie, 'POST', '/api/like.php', { id: me.id });
    expect(liked.statusCode, liked.body).toBe(200);
    const list = await changedOnA(me, '/api/likes.php', mine);
    expect(list.liked_by.map((e: { id: number }) => e.id)).toEqual([liker.id]);
    expect(list.new_likes).toBe(1);

    const theirs = await remembered(liker, '/api/likes.php?list=given&before=99999999999999999_1');
    const back = await write(b, me.cookie, 'POST', '/api/like.php', { id: liker.id });
    expect(back.json().match).toBe(true);
    await changedOnA(liker, '/api/likes.php?list=given&before=99999999999999999_1', theirs);
  });

  it('answer 200 after the partner renamed, hid, or was banned through the other process', async () => {
    const me = await member();
    const partner = await member();
    await write(a, partner.cookie, 'POST', '/api/message.php', { member_id: me.id, body: 'Hallo' });
    await write(a, partner.cookie, 'POST', '/api/like.php', { id: me.id });

    let chats = await remembered(me, '/api/chats.php');
    const renamed = await write(b, partner.cookie, 'PUT', '/api/profile.php', { name: 'Roosmarijn' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await changedOnA(me, '/api/chats.php', chats)).chats[0].profile.name).toBe('Roosmarijn');

    let likes = await remembered(me, '/api/likes.php');
    const hidden = await write(b, partner.cookie, 'PUT', '/api/account.php', { invisible: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', likes)).liked_by).toEqual([]);
    await write(b, partner.cookie, 'PUT', '/api/account.php', { invisible: false });
    await expect
      .poll(async () => (await get(a, me.cookie, '/api/likes.php')).json().liked_by.length, { timeout: 2_000 })
      .toBe(1);

    likes = await remembered(me, '/api/likes.php');
    chats = await remembered(me, '/api/chats.php');
    const { cookie } = await staffSession(b, 'admin');
    const ban = await staffCall(b, cookie, 'POST', '/api/admin/member-status.php', {
      member_id: partner.id,
      action: 'ban',
      reason: 'Nepprofiel',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', likes)).liked_by).toEqual([]);
    await changedOnA(me, '/api/chats.php', chats);
  });

  it('answer 200 after a block either way through the other process', async () => {
    const [me, partner] = [await member(), await member()];
    await write(a, partner.cookie, 'POST', '/api/like.php', { id: me.id });
    const likes = await remembered(me, '/api/likes.php');
    const blocked = await write(b, partner.cookie, 'POST', '/api/block.php', { id: me.id });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', likes)).liked_by).toEqual([]);

    const again = await remembered(me, '/api/likes.php');
    const unblocked = await write(b, partner.cookie, 'DELETE', '/api/block.php', { id: me.id });
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', again)).liked_by.map((e: { id: number }) => e.id)).toEqual([
      partner.id,
    ]);
  });

  it('answer 200 after a visit through the other process, and after the visitors page was opened', async () => {
    const [me, visitor] = [await member(), await member()];
    const likes = await remembered(me, '/api/likes.php');
    const viewed = await get(b, visitor.cookie, `/api/member.php?id=${me.id}`);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', likes)).new_visitors).toBe(1);

    const counted = await remembered(me, '/api/likes.php');
    expect((await get(b, me.cookie, '/api/visitors.php')).statusCode).toBe(200);
    expect((await changedOnA(me, '/api/likes.php', counted)).new_visitors).toBe(0);
  });

  it('expire when a shown member would no longer show as online', async () => {
    const me = await member();
    const onlineUntil = Date.now() + 1_000;
    const partner = await member();
    await write(a, partner.cookie, 'POST', '/api/message.php', { member_id: me.id, body: 'Ben je er?' });
    // Active 5 minutes less one second ago: online for one more second.
    await a.db
      .update(profiles)
      .set({ lastActiveAt: new Date(onlineUntil - 5 * 60_000) })
      .where(eq(profiles.memberId, partner.id));
    const first = await get(a, me.cookie, '/api/chats.php');
    expect(first.json().chats[0].profile.online).toBe(true);
    const etag = first.headers.etag as string;
    expect((await get(a, me.cookie, '/api/chats.php', etag)).statusCode).toBe(304);
    await new Promise((r) => setTimeout(r, onlineUntil - Date.now() + 50));
    const later = await get(a, me.cookie, '/api/chats.php', etag);
    expect(later.statusCode).toBe(200);
    expect(later.json().chats[0].profile.online).toBe(false);
  });
});

describe('polled answers kept whole per process', () => {
  const LIKES = '/api/likes.php';

  /**
   * Me liked by six members, a list over the compression threshold, made in the database: no
   * announcement is on its way (over Redis it would arrive a moment later and forget answers).
   */
  async function likedBy() {
    const me = await member();
    const likers: Member[] = [];
    for (let n = 0; n < 6; n += 1) likers.push(await member());
    for (const liker of likers) await buildLike(a.db, liker.id, me.id);
    return { me, likers };
  }

  const getEncoded = (t: TestApp, cookie: string, url: string, acceptEncoding: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  function decoded(res: Awaited<ReturnType<typeof getEncoded>>): unknown {
    const encoding = res.headers['content-encoding'];
    const bytes =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    return JSON.parse(bytes.toString('utf8'));
  }

  /**
   * The headers a proxy or browser reads; not the date, nor the rate limit's, which answers from
   * memory do not count (decision 0086), like static files.
   */
  const compared = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date' && !name.startsWith('x-ratelimit-')));

  it('go out from memory in each encoding with the bytes and headers of a built answer', async () => {
    const { me, likers } = await likedBy();
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'gzip'],
      ['deflate', undefined],
      [undefined, undefined],
    ];
    for (const [n, [acceptEncoding, expected]] of cases.entries()) {
      // Its own URL (an unknown parameter, ignored), so the answer is built for this case.
      const url = `${LIKES}?case=${n}`;
      const built = await getEncoded(a, me.cookie, url, acceptEncoding);
      expect(built.statusCode, built.body).toBe(200);
      expect(built.headers['content-encoding']).toBe(expected);
      const name = `Onaangekondigd${n}`;
      await a.db.update(profiles).set({ name }).where(eq(profiles.memberId, likers[0]!.id));
      for (let again = 0; again < 2; again += 1) {
        const kept = await getEncoded(a, me.cookie, url, acceptEncoding);
        expect(compared(kept.headers), String(acceptEncoding)).toEqual(compared(built.headers));
        expect(kept.rawPayload.equals(built.rawPayload)).toBe(true);
        expect(JSON.stringify(decoded(kept))).not.toContain(name);
      }
    }
    const plain = await getEncoded(a, me.cookie, `${LIKES}?case=0`, undefined);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await getEncoded(a, me.cookie, `${LIKES}?case=0`, 'br');
    expect(decoded(br)).toEqual(decoded(plain));
  });

  it("are never sent to another member, and are forgotten by another process's announcement", async () => {
    const { me, likers } = await likedBy();
    const first = await get(a, me.cookie, LIKES);
    expect(first.json().liked_by).toHaveLength(6);
    const theirs = await get(a, likers[0]!.cookie, LIKES);
    expect(theirs.json().profiles.map((c: { id: number }) => c.id)).toEqual([me.id]);

    await a.db.update(profiles).set({ name: 'Onaangekondigd' }).where(eq(profiles.memberId, likers[1]!.id));
    expect((await get(a, me.cookie, LIKES)).body).toBe(first.body);
    // A like through B is announced on the bus: A forgets the kept list.
    const liker = await member();
    const liked = await write(b, liker.cookie, 'POST', '/api/like.php', { id: me.id });
    expect(liked.statusCode, liked.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await get(a, me.cookie, LIKES))
            .json()
            .liked_by.map((e: { id: number; card: { name: string } }) => [e.id, e.card.name]),
        { timeout: 2_000 },
      )
      .toEqual(
        expect.arrayContaining([
          [liker.id, liker.name],
          [likers[1]!.id, 'Onaangekondigd'],
        ]),
      );
  });
});

describe('search pages kept per process', () => {
  /** A man in `country` looking for women there (the defaults), and a woman he finds. */
  async function searcherAndFound(country: string) {
    const me = await member();
    await a.db.update(profiles).set({ gender: 'male', country }).where(eq(profiles.memberId, me.id));
    const her = await member();
    await a.db.update(profiles).set({ country }).where(eq(profiles.memberId, her.id));
    return { me, her };
  }

  const SEARCH = '/api/members.php';
  const listed = async (t: TestApp, m: Member) =>
    ((await get(t, m.cookie, SEARCH)).json().members as Array<{ id: number }>).map((c) => c.id);

  let edits = 0;

  /** A's page for `m` is kept: an edit made outside the app does not show in it. */
  async function kept(m: Member, shown: Member) {
    const first = await get(a, m.cookie, SEARCH);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().members.map((c: { id: number }) => c.id)).toContain(shown.id);
    edits += 1;
    const name = `Onaangekondigd${edits}`;
    await a.db.update(profiles).set({ name }).where(eq(profiles.memberId, shown.id));
    const again = await get(a, m.cookie, SEARCH);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json().members.find((c: { id: number }) => c.id === shown.id).name).not.toBe(name);
    return name;
  }

  it('are sent from memory to their own member only, and 304 to their tag', async () => {
    const { me, her } = await searcherAndFound('BE');
    const name = await kept(me, her);
    const etag = (await get(a, me.cookie, SEARCH)).headers.etag as string;
    expect((await get(a, me.cookie, SEARCH, etag)).statusCode).toBe(304);
    const other = await member();
    await a.db.update(profiles).set({ gender: 'male', country: 'BE' }).where(eq(profiles.memberId, other.id));
    const theirs = await get(a, other.cookie, SEARCH, etag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().members.find((c: { id: number }) => c.id === her.id).name).toBe(name);
    const visitor = await get(a, '', SEARCH, etag);
    expect(visitor.statusCode).not.toBe(304);
  });

  it('never show a member who hid, blocked or was blocked, or was banned through the other process', async () => {
    const { me, her } = await searcherAndFound('DE');
    const stillListed = (m: Member) =>
      expect.poll(async () => (await listed(a, me)).includes(m.id), { timeout: 2_000 });

    await kept(me, her);
    const hidden = await write(b, her.cookie, 'PUT', '/api/account.php', { invisible: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    await stillListed(her).toBe(false);
    await write(b, her.cookie, 'PUT', '/api/account.php', { invisible: false });
    await stillListed(her).toBe(true);

    await kept(me, her);
    const blocked = await write(b, me.cookie, 'POST', '/api/block.php', { id: her.id });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await stillListed(her).toBe(false);
    await write(b, me.cookie, 'DELETE', '/api/block.php', { id: her.id });
    await stillListed(her).toBe(true);

    await kept(me, her);
    const blocking = await write(b, her.cookie, 'POST', '/api/block.php', { id: me.id });
    expect(blocking.statusCode, blocking.body).toBe(200);
    await stillListed(her).toBe(false);
    await write(b, her.cookie, 'DELETE', '/api/block.php', { id: me.id });
    await stillListed(her).toBe(true);

    await kept(me, her);
    const { cookie } = await staffSession(b, 'admin');
    const ban = await staffCall(b, cookie, 'POST', '/api/admin/member-status.php', {
      member_id: her.id,
      action: 'ban',
      reason: 'Nepprofiel',
    });
    expect(ban.statusCode, ban.body).toBe(200);
    await stillListed(her).toBe(false);
  });

  it('are built again when the viewer changes what they look for through the other process', async () => {
    const { me, her } = await searcherAndFound('AT');
    const { her: there } = await searcherAndFound('CH');
    await kept(me, her);
    const moved = await write(b, me.cookie, 'PUT', '/api/profile.php', { country: 'CH' });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect
      .poll(async () => {
        const ids = await listed(a, me);
        return [ids.includes(there.id), ids.includes(her.id)];
      })
      .toEqual([true, false]);
  });

  it('expire when a shown member would no longer show as online', async () => {
    const { me, her } = await searcherAndFound('LU');
    const onlineUntil = Date.now() + 1_000;
    await a.db
      .update(profiles)
      .set({ lastActiveAt: new Date(onlineUntil - 5 * 60_000) })
      .where(eq(profiles.memberId, her.id));
    const card = async () =>
      (await get(a, me.cookie, SEARCH)).json().members.find((c: { id: number }) => c.id === her.id);
    expect((await card()).online).toBe(true);
    await a.db.update(profiles).set({ name: 'Onaangekondigd' }).where(eq(profiles.memberId, her.id));
    expect((await card()).name).not.toBe('Onaangekondigd');
    await new Promise((r) => setTimeout(r, onlineUntil - Date.now() + 50));
    expect(await card()).toMatchObject({ online: false, name: 'Onaangekondigd' });
  });
});

describe('kept answers', () => {
  it('live no longer than their route says, and every announcement forgets them', async () => {
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
    const answers = createMemberAnswers({ bus, log: pino({ level: 'silent' }), now: () => new Date(clock) });
    const keep = (owner: number) =>
      answers.remember(owner, 'localhost /api/members.php', 'W/"t"', answers.begin(), {
        body: '{"members":[]}',
        servedForMs: 60_000,
      });
    keep(1);
    expect(answers.remembered(1, 'localhost /api/members.php')).toEqual(
      expect.objectContaining({ etag: 'W/"t"', body: Buffer.from('{"members":[]}') }),
    );
    expect(answers.remembered(2, 'localhost /api/members.php')).toBeNull();
    clock += 60_000;
    expect(answers.remembered(1, 'localhost /api/members.php')).toBeNull();
    keep(1);
    await answers.staleEverywhere();
    expect(answers.remembered(1, 'localhost /api/members.php')).toBeNull();
    await bus.close();
  });
});

describe('the memory of kept answers', () => {
  it('lets the least recently used go past its bound, compressed copies counted', async () => {
    const bus = createInProcessBus({ log: pino({ level: 'silent' }) });
    const answers = createMemberAnswers({ bus, log: pino({ level: 'silent' }), maxKeptBytes: 3500 });
    // About 1 KB that compresses little: its gzip copy alone tips the bound.
    const body = JSON.stringify({ filler: randomBytes(750).toString('base64') });
    const KEY = 'localhost /api/chats.php';
    const keep = (owner: number) => answers.remember(owner, KEY, `W/"${owner}"`, answers.begin(), { body });
    const held = (owner: number) => answers.remembered(owner, KEY) !== null;

    keep(1);
    keep(2);
    keep(3);
    expect(held(1)).toBe(true);
    keep(4);
    expect(held(2)).toBe(false);

    const three = answers.remembered(3, KEY);
    if (three === null || !isKeptAnswer(three)) throw new Error('a kept answer expected');
    const gzipped = answers.encoded(three, 'gzip');
    expect(gunzipSync(gzipped).toString()).toBe(body);
    expect(answers.encoded(three, 'gzip')).toBe(gzipped);
    expect([held(1), held(4), held(3)]).toEqual([false, true, true]);
    await bus.close();
  });
});
