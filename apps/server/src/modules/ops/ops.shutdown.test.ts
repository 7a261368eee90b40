import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { loginCookie, openTestDatabase, testConfig } from '../../../test/helpers.js';
import { freePort, spawnServer, waitUntilAnswers } from '../../../test/server-process.js';
import { buildApp } from '../../app.js';
import { SHUTDOWN_GRACE_MS } from '../../config.js';
import { seedReference } from '../../db/seed/reference.js';
import { liveUrl, openTab, tabHeaders } from '../live/live.test-client.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function fetchWith(url: string, agent: Agent | false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).once('error', reject);
  });
}

/** The status line of whatever a raw connection receives before it closes. */
function statusOf(socket: ReturnType<typeof connect>): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
  });
}

describe('graceful shutdown', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a request in flight, refuses new ones, fails /readyz and closes live tabs with 1012', async () => {
    const { database, drop } = await openTestDatabase();
    await seedReference(database.db);
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-shutdown-'));
    dirs.push(dataDir);
    const app = await buildApp(testConfig(dataDir), {
      db: database.db,
      rateLimit: { nameSpace: `test-${randomUUID()}:` },
    });
    // A request that is still working when the shutdown begins: it answers when released.
    let arrived!: () => void;
    const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/test/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;

    try {
      const { member } = await buildMember(database.db);
      const tab = await openTab(liveUrl(origin), tabHeaders(origin, await loginCookie(database.db, member.id)));
      await tab.next('hello');
      // A probe whose request is under way (headers not finished) when the shutdown begins.
      const probe = connect(port, '127.0.0.1');
      await new Promise((resolve) => probe.once('connect', resolve));
      const probeStatus = statusOf(probe);
      probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      const keepAlive = new Agent({ keepAlive: true });
      expect((await fetchWith(`${origin}/readyz`, keepAlive)).status).toBe(200);
      const slow = fetchWith(`${origin}/test/slow`, keepAlive);
      await slowArrived;

      const closing = app.close();
      await expect.poll(() => tab.closedWith).toBe(1012);
      await expect(fetchWith(`${origin}/healthz`, false)).rejects.toThrow(/ECONNREFUSED/);
      probe.write('\r\n');
      expect(await probeStatus).toBe('HTTP/1.1 503 Service Unavailable');

      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ done: true });
      expect(answer.headers.connection).toBe('close');
      await closing;
      keepAlive.destroy();
    } finally {
      release();
      await app.close();
      await drop();
    }
  });

  it('a server process exits 0 on SIGTERM within the grace time, its metrics port with it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ops-process-'));
    dirs.push(dataDir);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const server = spawnServer({
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      REDIS_URL: process.env.REDIS_URL,
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ERASE_JOB_INTERVAL_MINUTES: '0',
    });
    try {
      await waitUntilAnswers(server, `http://127.0.0.1:${port}/readyz`);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('http_request_duration_seconds_count{method="GET",route="/readyz"');

      const started = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(Date.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
