import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { buildTestApp, loginCookie, openTestDatabase, type TestApp } from '../../../test/helpers.js';
import { CHAT_CHANNEL, publishEvent } from '../../platform/bus/events.js';
import { createBus } from '../../platform/bus/index.js';
import { startMetricsServer } from '../../platform/metrics/server.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { liveUrl, openTab, tabHeaders } from '../live/live.test-client.js';

const TOKEN = 'metrics-token-for-the-ops-test-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Every log line the app writes, parsed. */
function capturingLogger(lines: Array<Record<string, unknown>>) {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
}

describe('health and readiness', () => {
  let t: TestApp;
  const logLines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    t = await buildTestApp({}, { logger: capturingLogger(logLines), rateLimit: { max: 2 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers /healthz while alive, uncached, without cookies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers /readyz 200 when the database, Redis (when configured) and the storage answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok', ...(process.env.REDIS_URL ? { redis: 'ok' } : {}) },
    });
  });

  it('keeps the probes out of the rate limit, the request log and the OpenAPI document', async () => {
    logLines.length = 0;
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    }
    expect(logLines.filter((line) => /\/(healthz|readyz)/.test(JSON.stringify(line)))).toEqual([]);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/settings.php' })).statusCode);
    expect(statuses).toContain(429);
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => /healthz|readyz|metrics/.test(path))).toEqual([]);
  });

  it('answers /readyz 503 naming the storage when it fails, and logs that once', async () => {
    const notADirectory = join(tmpdir(), `ops-test-file-${process.pid}`);
    writeFileSync(notADirectory, 'a file where the media directory should be');
    const lines: Array<Record<string, unknown>> = [];
    const broken = await buildTestApp(
      {},
      { db: t.db, logger: capturingLogger(lines), storage: createLocalDiskStorage(notADirectory) },
    );
    try {
      for (let i = 0; i < 3; i++) {
        const res = await broken.app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok', storage: 'failed' } });
      }
      expect(lines.filter((line) => String(line.msg).startsWith('not ready'))).toHaveLength(1);
      expect((await broken.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('answers /readyz 503 naming the database when it does not answer', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildTestApp({}, { db: database.db });
    try {
      await drop();
      const res = await app.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed', storage: 'ok' } });
    } finally {
      await app.close();
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  let origin: string;
  const bus = createBus({ redisUrl: process.env.REDIS_URL ?? null, log: pino({ level: 'silent' }) });

  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN }, { bus });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await bus.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.body;
  };
  const sample = (text: string, name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

  it('is not served without the token, or with a wrong one', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('labels request durations by route pattern and status class, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/member.php?id=987654321' });
    await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    await t.app.inject({ method: 'GET', url: '/members/123456789' });
    await t.app.inject({ method: 'GET', url: '/no/such/page/555666777' });
    const text = await scrape();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/member\.php",status="4xx"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/settings\.php",status="2xx"\} 1/,
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/members\/:id",status="2xx"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status="4xx"\} [1-9]/);
    for (const raw of ['987654321', '123456789', '555666777']) expect(text).not.toContain(raw);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts open live sockets', async () => {
    const member = await buildMember(t.db);
    const cookie = await loginCookie(t.db, member.member.id);
    expect(sample(await scrape(), 'live_sockets')).toBe(0);
    const tab = await openTab(liveUrl(origin), tabHeaders(origin, cookie));
    await tab.next('hello');
    expect(sample(await scrape(), 'live_sockets')).toBe(1);
    await tab.close();
    await expect.poll(async () => sample(await scrape(), 'live_sockets')).toBe(0);
  });

  it('observes the bus lag of delivered events by channel', async () => {
    await publishEvent(bus, CHAT_CHANNEL, { type: 'hidden', conversation_id: 1, member_id: 1 });
    await expect
      .poll(async () => sample(await scrape(), 'bus_delivery_lag_seconds_count\\{channel="chat"\\}'))
      .toBeGreaterThan(0);
  });

  it('counts job runs by job and outcome', async () => {
    const ran = await t.app.jobs.runDue(new Date('2031-01-06T10:00:00Z'));
    expect(ran.length).toBeGreaterThan(0);
    const text = await scrape();
    for (const job of ran) expect(text).toContain(`job_runs_total{job="${job}",outcome="ok"} 1`);
  });

  it('shows the database pool on PostgreSQL', async () => {
    const text = await scrape();
    if (t.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections_total')).toBeGreaterThan(0);
      expect(text).toContain('db_pool_waiting_queries');
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('is served on the internal port without a token, and nothing else is', async () => {
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, registry: t.app.metrics!.registry });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('keeps each app its own registry and serves no /metrics when neither port nor token is set', async () => {
    const other = await buildTestApp({ metricsToken: TOKEN }, { db: t.db });
    const plain = await buildTestApp({}, { db: t.db });
    try {
      expect(other.app.metrics!.registry).not.toBe(t.app.metrics!.registry);
      expect(plain.app.metrics).toBeNull();
      expect((await plain.app.inject({ method: 'GET', url: '/metrics', headers: auth })).statusCode).toBe(404);
    } finally {
      await other.close();
      await plain.close();
    }
  });
});
