import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANDER_COUNT_MINIMUMS, LANDER_MEMBERS_LIMIT, LanderResponseSchema } from '@app/shared';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { members } from '../../db/schema/index.js';
import { poolCounts } from './landing.repository.js';
import { nichePool, shownCounts } from './landing.rules.js';

const clock = { now: new Date('2026-03-10T09:00:00Z') };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock.now });
});
afterAll(async () => t?.close());

let hostCount = 0;
beforeEach(async () => {
  clock.now = new Date('2026-03-10T09:00:00Z');
  // Every test sees only the members it builds, on a host of its own (the cache is per site).
  await t.db.update(members).set({ invisible: true });
  hostCount += 1;
});

type Overrides = Parameters<typeof buildMember>[1];

/** A findable member, long signed up and last seen a week ago, unless the overrides say otherwise. */
function longStanding(overrides: Overrides = {}): Overrides {
  return {
    member: { signupDate: new Date('2025-01-01T00:00:00Z'), ...overrides.member },
    profile: { lastActiveAt: new Date('2026-03-03T09:00:00Z'), ...overrides.profile },
  };
}

/** A findable member with a main photo. */
async function pictured(overrides: Overrides = {}) {
  const { member } = await buildMember(t.db, longStanding(overrides));
  await buildPhoto(t.db, member.id, { isMain: true });
  return member.id;
}

async function lander(query = '', host = `lander-${hostCount}.test`) {
  const res = await t.app.inject({ method: 'GET', url: `/api/lander.php${query}`, headers: { host } });
  expect(res.statusCode, res.body).toBe(200);
  return LanderResponseSchema.parse(res.json());
}

const born = (age: number) => `${2026 - age - 1}-06-01`;

describe('GET /api/lander.php', () => {
  it('shows findable members with a photo, most recently active first, and counts the pool', async () => {
    const older = await pictured({ profile: { lastActiveAt: new Date('2026-03-10T07:00:00Z') } });
    const online = await pictured({ profile: { lastActiveAt: new Date('2026-03-10T08:58:00Z') } });
    const newcomer = await pictured({
      member: { signupDate: new Date('2026-03-10T06:00:00Z') },
      profile: { lastActiveAt: new Date('2026-03-09T09:00:00Z') },
    });
    // Never shown: no photo, invisible, disabled, deleted.
    await buildMember(t.db, longStanding());
    await pictured({ member: { invisible: true } });
    await pictured({ profile: { status: 'disabled' } });
    await pictured({ member: { deletedAt: new Date('2026-03-01T00:00:00Z') } });

    const body = await lander();
    expect(body.niche).toBe(1);
    expect(body.members.map((m) => m.id)).toEqual([online, older, newcomer]);
    expect(body.members[0]).toMatchObject({ online: true, thumb: expect.stringMatching(/\.webp$/) });
    expect(body.member).toBeNull();
    // The member without a photo counts as a member of the pool too; so few are not boasted of.
    const counted = await poolCounts(
      t.db,
      nichePool(1, clock.now),
      ['NL'],
      new Date('2026-03-10T08:55:00Z'),
      new Date('2026-03-09T09:00:00Z'),
    );
    expect(counted).toEqual({ members: 4, online: 1, today: 1 });
    expect(body.counts).toEqual({ members: 0, online: 0, today: 0 });
  });

  it('shows each count only from its minimum, so a small site does not advertise that it is small', () => {
    const { members: m, online: o, today: d } = LANDER_COUNT_MINIMUMS;
    expect(shownCounts({ members: 70, online: 1, today: 3 })).toEqual({ members: 0, online: 0, today: 0 });
    expect(shownCounts({ members: m, online: o - 1, today: d })).toEqual({ members: m, online: 0, today: d });
    expect(shownCounts({ members: 12_345, online: 87, today: 40 })).toEqual({ members: 12_345, online: 87, today: 40 });
  });

  it.each([
    [2, { gender: 'female', sexuality: 'lesbian' }, { gender: 'female', sexuality: 'hetero' }],
    [4, { gender: 'female', bodyType: 'curvy' }, { gender: 'female', bodyType: 'slim' }],
    [5, { gender: 'female', birthDate: born(63) }, { gender: 'female', birthDate: born(50) }],
    [6, { gender: 'female', birthDate: born(42) }, { gender: 'female', birthDate: born(30) }],
    [7, { gender: 'male', sexuality: 'gay' }, { gender: 'male', sexuality: 'hetero' }],
  ] as const)('puts niche %i members first and tops up from wider pools', async (niche, inNiche, outside) => {
    const other = await pictured({ profile: { ...outside, lastActiveAt: new Date('2026-03-10T08:59:00Z') } });
    const own = await pictured({ profile: { ...inNiche, lastActiveAt: new Date('2026-03-10T08:00:00Z') } });
    const body = await lander(`?niche=${niche}`);
    expect(body.niche).toBe(niche);
    expect(body.members.map((m) => m.id)).toEqual([own, other]);
    // The counts are the niche's own.
    expect((await poolCounts(t.db, nichePool(niche, clock.now), ['NL'], clock.now, clock.now)).members).toBe(1);
  });

  it('shows the niche of the settings without a niche parameter', async () => {
    const id = await pictured();
    expect((await lander()).members.map((m) => m.id)).toEqual([id]);
  });

  it('shows at most LANDER_MEMBERS_LIMIT members', async () => {
    for (let i = 0; i < LANDER_MEMBERS_LIMIT + 2; i += 1) await pictured();
    expect((await lander()).members).toHaveLength(LANDER_MEMBERS_LIMIT);
  });

  it("answers one member's card apart from the pool, or null when they cannot be shown", async () => {
    const featured = await pictured();
    const other = await pictured();
    const hidden = await pictured({ member: { invisible: true } });
    const body = await lander(`?member_id=${featured}`);
    expect(body.member?.id).toBe(featured);
    expect(body.members.map((m) => m.id)).toEqual([other]);
    expect((await lander(`?member_id=${hidden}`)).member).toBeNull();
    expect((await lander('?member_id=999999999')).member).toBeNull();
  });

  it('serves a site from memory for a minute', async () => {
    const first = await pictured();
    expect((await lander()).members.map((m) => m.id)).toEqual([first]);
    const second = await pictured();
    expect((await lander()).members.map((m) => m.id)).toEqual([first]);
    clock.now = new Date(clock.now.getTime() + 61_000);
    expect((await lander()).members.map((m) => m.id).sort()).toEqual([first, second].sort());
  });

  it.each(['?niche=0', '?niche=8', '?niche=x', '?member_id=-1', '?member_id=abc'])('refuses %s', async (query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/lander.php${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
  });
});
