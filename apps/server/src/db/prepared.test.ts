import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import type { Db, DbOrTx } from './client.js';
import { prepared } from './prepared.js';
import { gifts } from './schema/index.js';

describe('prepared statements', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let builds = 0;

  /** A gift's name by key, built once per handle; `builds` counts the query building. */
  const giftName = (on: DbOrTx, key: string) =>
    prepared(on, 'test_gift_name', (d) => {
      builds++;
      return d
        .select({ name: gifts.name })
        .from(gifts)
        .where(eq(gifts.key, sql.placeholder('key')));
    })
      .execute({ key })
      .then((rows) => rows[0]?.name ?? null);

  beforeAll(async () => {
    test = await openTestDatabase();
    db = test.database.db;
    await db.insert(gifts).values([
      { key: 'test-one', name: 'One', image: '/one.png' },
      { key: 'test-two', name: 'Two', image: '/two.png' },
    ]);
  });
  afterAll(() => test?.drop());

  it('builds the query once per handle and binds each call its own values', async () => {
    builds = 0;
    expect(await giftName(db, 'test-one')).toBe('One');
    expect(await giftName(db, 'test-two')).toBe('Two');
    expect(await giftName(db, 'test-none')).toBeNull();
    expect(builds).toBe(1);
  });

  it('runs inside a transaction on that transaction, seeing its uncommitted rows', async () => {
    await db
      .transaction(async (tx) => {
        await tx.insert(gifts).values({ key: 'test-three', name: 'Three', image: '/three.png' });
        expect(await giftName(tx, 'test-three')).toBe('Three');
        tx.rollback();
      })
      .catch(() => {});
    expect(await giftName(db, 'test-three')).toBeNull();
  });
});
