import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { openDatabase, type Database } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

/** The one row of a one-row query, typed by the caller (execute answers PostgreSQL's raw result). */
async function one<T>(db: Database['db'], query: string): Promise<T> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows[0]!;
}

describe.runIf(adminUrl)('openDatabase on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  const onIdleError = vi.fn<(err: Error) => void>();

  beforeAll(async () => {
    // A migrated database of its own; a second pool on it is the one under test.
    test = await openTestDatabase();
    const url = new URL(adminUrl!);
    const { name } = await one<{ name: string }>(test.database.db, 'select current_database() as name');
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', onIdleError });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it('survives the server closing an idle connection, and the next query gets a new one', async () => {
    const { pid } = await one<{ pid: number }>(database.db, 'select pg_backend_pid() as pid');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(onIdleError).toHaveBeenCalled());
    const next = await one<{ pid: number }>(database.db, 'select pg_backend_pid() as pid');
    expect(next.pid).not.toBe(pid);
  });
});
