import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/helpers.js';
import { openDatabase, type Database } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('openDatabase on PostgreSQL', () => {
  let test: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  const onIdleError = vi.fn<(err: Error) => void>();

  beforeAll(async () => {
    // A migrated database of its own; a second pool on it is the one under test.
    test = await openTestDatabase();
    const url = new URL(adminUrl!);
    const name = (await test.database.db.execute<{ name: string }>('select current_database() as name')).rows[0]!.name;
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', onIdleError });
  });
  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it('survives the server closing an idle connection, and the next query gets a new one', async () => {
    const first = await database.db.execute<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = first.rows[0]!.pid;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(onIdleError).toHaveBeenCalled());
    const next = await database.db.execute<{ pid: number }>('select pg_backend_pid() as pid');
    expect(next.rows[0]!.pid).not.toBe(pid);
  });
});
