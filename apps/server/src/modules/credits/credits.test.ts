import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION_MIN } from '@app/shared';
import { balanceOf, buildMember, ledgerOf } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import type { Db } from '../../db/client.js';
import { creditBundles, orders } from '../../db/schema/index.js';
import { adjustCredits, grantCredits, takeBackCredits } from './credits.repository.js';

// The app seeds the reference data (the bundles an order names).
let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A completed order of the member's, for the ledger rows that name one. */
async function orderOf(memberId: number, credits: number): Promise<number> {
  const [bundle] = await db.select({ id: creditBundles.id }).from(creditBundles).limit(1);
  const [order] = await db
    .insert(orders)
    .values({
      memberId,
      bundleId: bundle!.id,
      credits,
      method: 'ideal',
      currency: 'EUR',
      amount: 2999,
      listAmount: 2999,
      status: 'completed',
      provider: 'demo',
      termsVersion: new Date(TERMS_VERSION_MIN),
      termsAcceptedAt: new Date(),
      completedAt: new Date(),
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** Whether the member's ledger, opening balance included, sums to the stored balance. */
async function ledgerExplains(memberId: number, opening: number): Promise<boolean> {
  const rows = await ledgerOf(db, memberId);
  const sum = rows.reduce((total, row) => total + row.delta, opening);
  return sum === (await balanceOf(db, memberId)) && rows.at(-1)?.balanceAfter === sum;
}

describe('the credits module, the one writer of balances', () => {
  it('grants credits with a ledger row of the balance after it', async () => {
    const { member } = await buildMember(db, { member: { credits: 5 } });
    const at = new Date('2026-03-01T10:00:00Z');
    expect(await grantCredits(db, { memberId: member.id, credits: 100, reason: 'signup', at })).toBe(105);
    const [row] = await ledgerOf(db, member.id);
    expect(row).toMatchObject({ delta: 100, reason: 'signup', balanceAfter: 105, orderId: null });
    expect(row!.createdAt.toISOString()).toBe(at.toISOString());
    expect(await grantCredits(db, { memberId: 2 ** 40, credits: 1, reason: 'signup' })).toBeNull();
  });

  it('takes back at most the balance for a refund, never below zero', async () => {
    const { member } = await buildMember(db, { member: { credits: 30 } });
    const orderId = await orderOf(member.id, 50);
    const result = await db.transaction((tx) =>
      takeBackCredits(tx, { memberId: member.id, credits: 50, orderId, at: new Date() }),
    );
    expect(result).toEqual({ taken: 30, balance: 0 });
    expect(await balanceOf(db, member.id)).toBe(0);
    expect(await ledgerExplains(member.id, 30)).toBe(true);
  });

  it('refuses a console adjustment that would go below zero, and changes nothing', async () => {
    const { member } = await buildMember(db, { member: { credits: 10 } });
    expect(await adjustCredits(db, member.id, -11)).toBeNull();
    expect(await balanceOf(db, member.id)).toBe(10);
    expect(await ledgerOf(db, member.id)).toHaveLength(0);
    expect(await adjustCredits(db, member.id, -10)).toBe(0);
    expect(await ledgerExplains(member.id, 10)).toBe(true);
  });

  it('lets only as many concurrent debits through as the balance pays for', async () => {
    const { member } = await buildMember(db, { member: { credits: 25 } });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => db.transaction((tx) => adjustCredits(tx, member.id, -10))),
    );
    expect(results.filter((balance) => balance !== null)).toHaveLength(2);
    expect(await balanceOf(db, member.id)).toBe(5);
    expect(await ledgerExplains(member.id, 25)).toBe(true);
  });
});
