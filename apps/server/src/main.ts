import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig, SHUTDOWN_GRACE_MS, type Config } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { members } from './db/schema/index.js';
import { isDemoSeedChild, runDemoSeedChild, seedDemoInChildProcess } from './db/seed/demo-process.js';
import { DEMO_LOGIN, DEMO_STAFF } from './db/seed/demo/people.js';
import { hasNoMembers, seedReference } from './db/seed/reference.js';
import { createLogger } from './logger.js';
import { hasStaff } from './modules/admin/staff.repository.js';
import { createBus } from './platform/bus/index.js';
import { startMetricsServer, type MetricsServer } from './platform/metrics/server.js';
import { createMediaStorage } from './platform/storage/index.js';

/** Pretty logs for a person at a terminal, JSON lines for everything else (and when not installed). */
function wantsPrettyLogs(): boolean {
  if (!process.stdout.isTTY) return false;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Whether a member with this e-mail address exists, so a printed demo login really works. */
async function memberExists(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = lower(${email})`)
    .limit(1);
  return rows.length > 0;
}

function siteUrl(config: Config, address: AddressInfo): string {
  if (config.publicUrl) return config.publicUrl;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(address.address) ? 'localhost' : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * Process entry: config -> database (migrated at open) -> reference data -> demo site on an
 * empty database (seeded by a child process of this same entry, see demo-process.ts) -> app ->
 * listen (and the metrics port), and a graceful shutdown on SIGTERM/SIGINT: app.close() stops
 * accepting connections, answers 503 to anything new on an open one (so /readyz fails at once),
 * closes idle keep-alive connections, closes live tabs with 1012 so they reconnect to another
 * process, lets requests in flight finish (their connections close after the answer) and stops
 * the jobs; then the bus and the database close and the process exits 0, or 1 after
 * SHUTDOWN_GRACE_MS.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config, { pretty: wantsPrettyLogs() });

  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl ?? undefined,
      dataDir: config.dataDir,
      onIdleError: (err) => log.warn({ err }, 'an idle database connection was closed by the server'),
    });
  let database = await open();
  if (isDemoSeedChild()) {
    await runDemoSeedChild({ db: database.db, storage: await createMediaStorage(config), log });
    await database.close();
    return;
  }
  log.info({ database: database.kind }, 'database ready');
  await seedReference(database.db);

  let demoLogin: { email: string; password: string } | null = null;
  if (config.seedDemo) {
    if (await hasNoMembers(database.db)) {
      log.info('empty database: seeding the demo site');
      await database.close();
      await seedDemoInChildProcess();
      database = await open();
    }
    if (await memberExists(database.db, DEMO_LOGIN.email)) demoLogin = DEMO_LOGIN;
  }

  if (config.production && !(await hasStaff(database.db))) {
    log.warn(
      'no staff account yet: create the first admin with STAFF_PASSWORD=<12+ characters> npm run staff:create -w @app/server -- <email> admin <name>',
    );
  }

  const bus = createBus({ redisUrl: config.redisUrl, log });
  const app = await buildApp(config, { db: database.db, bus, logger: log });

  let metricsServer: MetricsServer | null = null;
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    setTimeout(() => {
      log.error('shutdown took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await metricsServer?.close();
      await bus.close();
      await database.close();
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (s) => void shutdown(s));
  process.once('SIGINT', (s) => void shutdown(s));

  await app.listen({ port: config.port, host: config.host });
  const url = siteUrl(config, app.server.address() as AddressInfo);
  log.info({ url }, `Site running at ${url}`);
  if (config.metricsPort !== null && app.metrics) {
    metricsServer = await startMetricsServer({
      host: config.host,
      port: config.metricsPort,
      registry: app.metrics.registry,
    });
    log.info({ host: config.host, port: metricsServer.port }, 'metrics served on the internal port');
  }
  if (demoLogin) {
    log.info(`Demo member: ${demoLogin.email} / ${demoLogin.password}`);
    log.info(
      `Demo console: ${url}/admin as ${DEMO_STAFF.accounts.map((a) => a.email).join(', ')} / ${DEMO_STAFF.password}, authenticator secret ${DEMO_STAFF.totpSecret}`,
    );
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Start failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
