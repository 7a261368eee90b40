import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_PAGE_SIZE, LikesResponseSchema, MemberResponseSchema, SearchResponseSchema } from '@app/shared';
import { buildBlock, buildLike, buildMember, buildPhoto } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { likes } from '../../db/schema/index.js';

/**
 * likes.php, members.php and member.php run prepared statements that are built once per
 * process: each call must answer with its own member, filters and cursor, however the calls
 * interleave. Every statement runs more than five times here, so on PostgreSQL the later calls
 * also go through the generic plan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const ROUNDS = 7;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function loggedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const built = await buildMember(t.db, overrides);
  return { id: built.member.id, cookie: await loginCookie(t.db, built.member.id) };
}

async function getJson(url: string, cookie: string | null): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A birth date that makes `age` hold all through the run (half a year past the birthday). */
function bornAt(age: number): string {
  const today = new Date();
  const born = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate()) - 182 * 86_400_000;
  return new Date(born).toISOString().slice(0, 10);
}

describe('prepared read paths', () => {
  it('likes.php answers each member with their own lists and cursor pages', async () => {
    const a = await loggedIn({ profile: { gender: 'male' } });
    const b = await loggedIn({ profile: { gender: 'male' } });
    const targets: number[] = [];
    for (let i = 0; i < LIKES_PAGE_SIZE + 3; i += 1) targets.push((await buildMember(t.db)).member.id);
    // a likes all but the last target, newest first in target order; b all but the first, in
    // the reverse order: both lists run past one page and differ in content and order.
    const given = {
      [a.id]: targets.slice(0, -1),
      [b.id]: targets.slice(1).reverse(),
    };
    await t.db
      .insert(likes)
      .values([
        ...given[a.id]!.map((id, i) => ({ likerId: a.id, likedId: id, createdAt: minutesAgo(i + 1) })),
        ...given[b.id]!.map((id, i) => ({ likerId: b.id, likedId: id, createdAt: minutesAgo(i + 1) })),
      ]);
    // The first target likes a back (a match) and b (a received like b did not return).
    await buildLike(t.db, targets[0]!, a.id);
    await buildLike(t.db, targets[0]!, b.id);
    await buildBlock(t.db, b.id, targets[1]!);
    const expectedGiven = {
      [a.id]: given[a.id]!,
      [b.id]: given[b.id]!.filter((id) => id !== targets[1]),
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      for (const viewer of round % 2 === 0 ? [a, b] : [b, a]) {
        const first = LikesResponseSchema.parse(await getJson('/api/likes.php', viewer.cookie));
        const all = expectedGiven[viewer.id]!;
        expect(first.profiles.map((e) => e.id)).toEqual(all.slice(0, LIKES_PAGE_SIZE));
        expect(first.liked_by.map((e) => e.id)).toEqual([targets[0]]);
        expect(first.matches.map((e) => e.id)).toEqual(viewer === a ? [targets[0]] : []);
        expect(first.new_likes).toBe(1);

        const cursor = first.next.given!;
        const more = LikesResponseSchema.parse(
          await getJson(`/api/likes.php?list=given&before=${encodeURIComponent(cursor)}`, viewer.cookie),
        );
        expect(more.profiles.map((e) => e.id)).toEqual(all.slice(LIKES_PAGE_SIZE));
        expect(more.next.given).toBeNull();
      }
    }
  });

  it('members.php answers each search with its own filters and cursor', async () => {
    const age = 61;
    const born = bornAt(age);
    const at = (profile: NonNullable<Parameters<typeof buildMember>[1]>['profile'], ago: number) =>
      buildMember(t.db, { profile: { birthDate: born, lastActiveAt: minutesAgo(ago), ...profile } });
    const women: number[] = [];
    for (let i = 0; i < 5; i += 1) women.push((await at({ gender: 'female' }, 10 + i)).member.id);
    const men: number[] = [];
    for (let i = 0; i < 3; i += 1) men.push((await at({ gender: 'male' }, 20 + i)).member.id);
    const belgians: number[] = [];
    for (let i = 0; i < 4; i += 1) belgians.push((await at({ gender: 'female', country: 'BE' }, 30 + i)).member.id);
    const man = await loggedIn({ profile: { gender: 'male' } });
    const woman = await loggedIn({ profile: { gender: 'female' } });
    await buildBlock(t.db, women[2]!, man.id);

    const ages = `min_age=${age}&max_age=${age}&numResults=2`;
    const searches = [
      {
        query: `gender=female&country=NL&${ages}`,
        cookie: man.cookie,
        expected: women.filter((id) => id !== women[2]),
      },
      { query: `gender=female&country=NL&${ages}`, cookie: woman.cookie, expected: women },
      { query: `country=NL&${ages}`, cookie: woman.cookie, expected: men },
      { query: `gender=female&country=BE&${ages}`, cookie: null, expected: belgians },
    ];
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const s of round % 2 === 0 ? searches : [...searches].reverse()) {
        const found: number[] = [];
        let cursor: string | null = null;
        do {
          const page = SearchResponseSchema.parse(
            await getJson(`/api/members.php?${s.query}${cursor ? `&cursor=${cursor}` : ''}`, s.cookie),
          );
          found.push(...page.members.map((c) => c.id));
          for (const card of page.similar) expect(found).not.toContain(card.id);
          cursor = page.next;
        } while (cursor !== null);
        expect(found).toEqual(s.expected);
      }
    }
  });

  it("member.php answers each viewer with the viewed member's own profile and blocks", async () => {
    const born = bornAt(47);
    const viewed: { id: number }[] = [];
    for (const name of ['Ada', 'Bea', 'Cor']) {
      const built = await buildMember(t.db, { profile: { name, birthDate: born } });
      await buildPhoto(t.db, built.member.id);
      viewed.push(built.member);
    }
    const a = await loggedIn({ profile: { gender: 'male', birthDate: born } });
    const b = await loggedIn({ profile: { gender: 'female', birthDate: born } });
    await buildBlock(t.db, a.id, viewed[1]!.id);

    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [viewer, target] of [
        [a, viewed[0]!],
        [b, viewed[1]!],
        [null, viewed[2]!],
        [a, viewed[1]!],
      ] as const) {
        const { member } = MemberResponseSchema.parse(
          await getJson(`/api/member.php?id=${target.id}`, viewer?.cookie ?? null),
        );
        expect(member.id).toBe(target.id);
        expect(member.name).toBe(target.id === viewed[0]!.id ? 'Ada' : target.id === viewed[1]!.id ? 'Bea' : 'Cor');
        expect(member.blocked_by_me).toBe(viewer === a && target.id === viewed[1]!.id);
        const related = member.related.map((c) => c.id);
        expect(related).not.toContain(target.id);
        if (viewer) expect(related).not.toContain(viewer.id);
        // A man sees the women but the one he blocked, a (hetero) woman the man, a visitor the
        // viewed one's gender; members with a photo first. b is a woman without a photo.
        const others = viewed.filter((v) => v.id !== target.id).map((v) => v.id);
        if (viewer === a) expect(related).toEqual([...others.filter((id) => id !== viewed[1]!.id), b.id]);
        if (viewer === b) expect(related).toEqual([a.id]);
        if (viewer === null) expect(related).toEqual([...others, b.id]);
      }
    }
  });
});
