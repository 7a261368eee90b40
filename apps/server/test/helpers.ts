import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pino } from 'pino';
import { expect } from 'vitest';
import type { z } from 'zod';
import { AUTH_COOKIE, REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE, type SignupBody } from '@app/shared';
import { buildApp, type App, type AppDeps } from '../src/app.js';
import { parseConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { seedReference } from '../src/db/seed/reference.js';
import { createInProcessBus } from '../src/platform/bus/index.js';
import { createSession } from '../src/plugins/session.js';

/** Headers of a call made by the web app: state-changing calls need them. */
export const XHR = { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE } as const;

export interface TestApp {
  app: App;
  db: Db;
  config: Config;
  /** 'pglite' or 'postgres', for the odd test that needs to know. */
  kind: Database['kind'];
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in memory, or, when TEST_DATABASE_URL names a
 * PostgreSQL admin database, a new uniquely named database that is dropped afterwards. Either
 * way migrated by openDatabase, exactly as at start.
 */
export async function openTestDatabase(adminUrl = process.env.TEST_DATABASE_URL): Promise<{
  database: Database;
  /** The new PostgreSQL database's URL, for a server process to open; null for PGlite. */
  url: string | null;
  drop(): Promise<void>;
}> {
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await pgliteSnapshot() });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Dropping the database at the end ends its connections; that is expected, not an error.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', onIdleError: () => {} });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

const migrationsDir = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * A migrated PGlite cluster as a tar snapshot, shared by all test files through the temp dir.
 * Creating a cluster takes seconds, loading a snapshot about one. Keyed by the migrations, so a
 * new migration makes a new snapshot; openDatabase still applies any missing migration.
 */
async function pgliteSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(join(migrationsDir, file)));
  }
  const file = join(tmpdir(), `server-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({ dataDir: 'memory://' });
  const snapshot = await database.dumpDataDir!();
  await database.close();
  // Written aside, then renamed: parallel test files never read a half-written snapshot.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(partial, file);
  return snapshot;
}

/**
 * The config tests run with: quiet, no demo seed, a throw-away data dir, no built web app, and
 * no job timer (a test runs the due jobs itself with app.jobs.runDue).
 */
export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  const result = parseConfig({
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    REDIS_URL: process.env.REDIS_URL,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    SEED_DEMO: 'false',
    JOB_TICK_SECONDS: '0',
  });
  if (!result.ok) throw new Error(`test config invalid: ${result.problems.join('; ')}`);
  return { ...result.config, ...overrides };
}

/**
 * Builds the app on a fresh, reference-seeded database: once per test file (beforeAll), with
 * close() in afterAll. A second app in the same file (another config) may share the first one's
 * database through `deps.db`; the database then stays with its owner. Uses REDIS_URL from the
 * environment when set, with its own rate-limit namespace so test files never share counters.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'server-test-'));
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  let db = deps.db;
  if (!db) {
    opened = await openTestDatabase();
    db = opened.database.db;
    await seedReference(db);
  }
  const config = testConfig(dataDir, overrides);
  const app = await buildApp(config, {
    ...deps,
    db,
    rateLimit: { nameSpace: `test-${randomUUID()}:`, ...deps.rateLimit },
  });
  await app.ready();
  return {
    app,
    db,
    config,
    kind: opened?.database.kind ?? (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'),
    async close() {
      await app.close();
      await opened?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two apps on one database, as two processes behind a load balancer: over Redis when REDIS_URL
 * is set (each app its own connections), else sharing one in-process bus. For what one process
 * changes and the other must see (caches cleared through the bus).
 */
export async function buildTwoProcesses(
  overrides: Partial<Config> = {},
  extra: Pick<AppDeps, 'live'> = {},
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const sharedBus = process.env.REDIS_URL ? null : createInProcessBus({ log: pino({ level: 'silent' }) });
  // One deployment's processes share Redis' keys: the rate limits and the typing gate hold over both.
  const deps = {
    ...extra,
    ...(sharedBus ? { bus: sharedBus } : {}),
    rateLimit: { nameSpace: `test-${randomUUID()}:` },
  };
  const a = await buildTestApp(overrides, deps);
  const b = await buildTestApp(overrides, { ...deps, db: a.db });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
      await sharedBus?.close();
    },
  };
}

/** Logs a member in the way the accounts module will: a session and its cookie header. */
export async function loginCookie(db: Db, memberId: number): Promise<string> {
  const { token } = await createSession(db, memberId);
  return `${AUTH_COOKIE}=${token}`;
}

/**
 * The parsed body of a 200 answer, after checking it against the route's response schema: it
 * parses, and parsing drops nothing (no field the schema does not name). For routes whose
 * answers go out unparsed (presentedAnswerSerializer), so their tests check what the server
 * no longer does.
 */
export function expectSchemaAnswer<S extends z.ZodType>(
  schema: S,
  res: { statusCode: number; body: string },
): z.output<S> {
  expect(res.statusCode).toBe(200);
  const body: unknown = JSON.parse(res.body);
  expect(schema.parse(body)).toEqual(body);
  return body as z.output<S>;
}

/** A signup as the form sends it, for tests that sign up through the API; they override what they are about. */
export function signupBody(email: string, overrides: Partial<SignupBody> = {}): SignupBody {
  return {
    email,
    password: 'a fine password',
    name: 'Sanne',
    date_of_birth: '1991-02-03',
    gender: 'female',
    sexuality: 'hetero',
    country: 'NL',
    terms: true,
    language: 'nl',
    ...overrides,
  };
}
