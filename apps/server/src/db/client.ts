import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { drizzleWithNamedStatements } from './pglite-statements.js';
import * as schema from './schema/index.js';

/** The app's database, the same type whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a snapshot of the whole data directory, to start other instances from. */
  dumpDataDir?: () => Promise<Blob>;
}

/**
 * The PostgreSQL pool's use (pg's counts), for the metrics; null for PGlite, which runs one
 * query at a time in-process and has no pool. Read through drizzle's `$client`, so it works on
 * any Db, including one a test opened.
 */
export function databasePoolStats(db: Db): { total: number; idle: number; waiting: number } | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return null;
  return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the committed migrations. A postgres:// URL selects
 * PostgreSQL; otherwise PGlite runs in-process, on disk under `dataDir` or in memory when
 * `dataDir` is 'memory://'.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite in memory only: start from a snapshot (dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  /** Told when PostgreSQL drops an idle pooled connection (a restart, an administrator). */
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // Without a listener such an error would end the process; the pool simply opens a new
    // connection for the next query, and queries in flight fail on their own.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.dataDir === 'memory://') {
    // Creating a cluster costs seconds; a snapshot loads in about one (the test suite uses it).
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } else {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(`${opts.dataDir}/pglite`);
  }
  const db = drizzleWithNamedStatements(client, schema);
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
