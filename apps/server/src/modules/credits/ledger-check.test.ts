import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../db/seed/demo.js';
import { creditLedger, members } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { runLedgerCheck } from './ledger-check.js';

let t: TestApp;
let mediaRoot: string;

beforeAll(async () => {
  t = await buildTestApp();
  mediaRoot = mkdtempSync(join(tmpdir(), 'ledger-check-media-'));
  await seedDemo({
    db: t.db,
    storage: createLocalDiskStorage(mediaRoot),
    log: { info: () => undefined },
    images: 'placeholder',
    now: new Date('2025-06-15T12:00:00Z'),
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

async function check() {
  const lines: string[] = [];
  const result = await runLedgerCheck(t.db, (line) => lines.push(line));
  return { ...result, lines };
}

describe('the ledger check (npm run ledger:check)', () => {
  it('passes on the demo site: every seeded balance opens with its ledger row', async () => {
    const result = await check();
    expect(result).toMatchObject({ checked: 300, mismatches: [] });
    expect(result.lines).toEqual(['members checked: 300', 'mismatches: 0']);
    const withCredits = await t.db.select({ id: members.id }).from(members).where(gt(members.credits, 0));
    expect(withCredits.length).toBeGreaterThan(250);
    const opening = await t.db.select().from(creditLedger).where(eq(creditLedger.reason, 'seed'));
    expect(opening).toHaveLength(withCredits.length);
    const siteRun = await t.db.select({ credits: members.credits }).from(members).where(eq(members.fictional, true));
    expect(siteRun.length).toBeGreaterThan(0);
    expect(siteRun.every((m) => m.credits === 0)).toBe(true);
  });

  it('still passes after credits are spent through the app and members come from the factory', async () => {
    const [sender] = await t.db
      .select({ id: members.id, credits: members.credits })
      .from(members)
      .where(and(eq(members.paidUser, true), eq(members.fictional, false), gt(members.credits, 50)))
      .orderBy(asc(members.id))
      .limit(1);
    const { member: recipient } = await buildMember(t.db, { member: { credits: 30 } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { ...XHR, cookie: await loginCookie(t.db, sender!.id) },
      payload: { member_id: recipient.id, body: 'Hoi, hoe gaat het?' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().credits).toBeLessThan(sender!.credits);
    expect(await check()).toMatchObject({ checked: 301, mismatches: [] });
  });

  it('fails on a tampered balance, naming the member, its balance and its ledger sum', async () => {
    const { member } = await buildMember(t.db, { member: { credits: 40 } });
    await t.db.update(members).set({ credits: 45 }).where(eq(members.id, member.id));
    const result = await check();
    expect(result.mismatches).toEqual([{ memberId: member.id, balance: 45, ledgerSum: 40 }]);
    expect(result.lines).toEqual([
      'members checked: 302',
      'mismatches: 1',
      `  member ${member.id}: balance 45, ledger sum 40`,
    ]);
  });
});
