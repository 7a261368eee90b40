import { eq, sql } from 'drizzle-orm';
import { bigint, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import type { Db, DbOrTx } from './client.js';
import { isUniqueViolation } from './errors.js';
import { bound, prepared, runNamed } from './prepared.js';
import { gifts } from './schema/index.js';

/** A table of this test only, with the column types whose values drivers convert. */
const typed = pgTable('test_prepared_types', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  day: date('day').notNull(),
  big: bigint('big', { mode: 'bigint' }).notNull(),
  doc: jsonb('doc').$type<{ a: number[]; b: string }>().notNull(),
  tags: text('tags').array().notNull(),
  note: text('note'),
});

/** How many times the session's named statement `name` ran, or null when it has none. */
async function runsOf(on: DbOrTx, name: string): Promise<number | null> {
  const { rows } = (await on.execute(
    sql`SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name = ${name}`,
  )) as unknown as { rows: { runs: number | string }[] };
  return rows[0] ? Number(rows[0].runs) : null;
}

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
    await db.execute(sql`
      CREATE TABLE test_prepared_types (
        id integer PRIMARY KEY, at timestamptz NOT NULL, day date NOT NULL, big bigint NOT NULL,
        doc jsonb NOT NULL, tags text[] NOT NULL, note text
      )`);
    await db.insert(typed).values([
      {
        id: 1,
        at: new Date('2026-03-04T05:06:07.891Z'),
        day: '2026-03-04',
        big: 9007199254740993n,
        doc: { a: [1, 2], b: 'x"y' },
        tags: ['één', 'a,b', 'c"d', ''],
        note: null,
      },
      { id: 2, at: new Date(0), day: '1999-12-31', big: -1n, doc: { a: [], b: '' }, tags: [], note: 'n' },
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

  it('parses a statement once per session: later calls run the same statement', async () => {
    // PGlite is one session; on PostgreSQL a transaction holds one pooled connection.
    const check = async (on: DbOrTx) => {
      const name = `test_gift_once_${test.database.kind}`;
      const byKey = (key: string) =>
        prepared(on, name, (d) =>
          d
            .select({ name: gifts.name })
            .from(gifts)
            .where(eq(gifts.key, bound('key'))),
        )
          .execute({ key })
          .then((rows) => rows.map((r) => r.name));
      expect(await byKey('test-one')).toEqual(['One']);
      expect(await byKey('test-two')).toEqual(['Two']);
      expect(await byKey('test-none')).toEqual([]);
      expect(await runsOf(on, name)).toBe(3);
    };
    if (test.database.kind === 'pglite') await check(db);
    else await db.transaction(check);
  });

  it('returns the same values as an unprepared query: dates, bigints, json, arrays, nulls', async () => {
    const select = (d: DbOrTx) =>
      d
        .select()
        .from(typed)
        .where(eq(typed.id, bound('id')));
    for (const id of [1, 2, 1]) {
      const plain = await select(db).execute({ id });
      const named = await prepared(db, 'test_types', select).execute({ id });
      expect(named).toEqual(plain);
    }
    const [row] = await prepared(db, 'test_types', select).execute({ id: 1 });
    expect(row).toEqual({
      id: 1,
      at: new Date('2026-03-04T05:06:07.891Z'),
      day: '2026-03-04',
      big: 9007199254740993n,
      doc: { a: [1, 2], b: 'x"y' },
      tags: ['één', 'a,b', 'c"d', ''],
      note: null,
    });
  });

  it('binds values by the parameter types: a bigint, a date, an array and a null', async () => {
    const find = prepared(db, 'test_types_by_values', (d) =>
      d
        .select({ id: typed.id })
        .from(typed)
        .where(
          sql`${typed.big} = ${bound('big')} AND ${typed.at} >= ${bound('since')}
            AND ${typed.tags} && ${bound('tags')}::text[] AND ${typed.note} IS NOT DISTINCT FROM ${bound('note')}::text`,
        ),
    );
    const since = new Date('2026-01-01T00:00:00Z').toISOString();
    expect(await find.execute({ big: 9007199254740993n, since, tags: ['a,b', 'z'], note: null })).toEqual([{ id: 1 }]);
    expect(await find.execute({ big: -1n, since, tags: ['a,b'], note: null })).toEqual([]);
  });

  it('raises database errors as drizzle does, so a unique violation is recognised, and runs on after one', async () => {
    const insert = (key: string) =>
      runNamed(db, 'test_gift_insert', 'INSERT INTO gifts (key, name, image) VALUES ($1, $2, $3)', [
        key,
        key,
        '/x.png',
      ]);
    await insert('test-five');
    const error = await insert('test-five').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, 'gifts_pkey')).toBe(true);
    await insert('test-six');
    expect(await giftName(db, 'test-six')).toBe('test-six');
  });

  it('keeps a statement first parsed in a transaction that rolled back', async () => {
    await db
      .transaction(async (tx) => {
        expect(
          await prepared(tx, 'test_gift_in_rollback', (d) =>
            d
              .select()
              .from(gifts)
              .where(eq(gifts.key, bound('key'))),
          ).execute({ key: 'test-one' }),
        ).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => {});
    const rows = await prepared(db, 'test_gift_in_rollback', (d) =>
      d
        .select()
        .from(gifts)
        .where(eq(gifts.key, bound('key'))),
    ).execute({ key: 'test-two' });
    expect(rows.map((r) => r.name)).toEqual(['Two']);
  });

  it("does not run a call outside a transaction inside another request's open transaction", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const open = db
      .transaction(async (tx) => {
        await tx.insert(gifts).values({ key: 'test-four', name: 'Four', image: '/four.png' });
        inserted();
        await released;
        tx.rollback();
      })
      .catch(() => {});
    await insertedYet;
    const outside = giftName(db, 'test-four');
    release();
    await open;
    expect(await outside).toBeNull();
  });
});
