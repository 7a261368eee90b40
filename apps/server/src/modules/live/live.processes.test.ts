import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE } from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { loginCookie, openTestDatabase } from '../../../test/helpers.js';
import { startServerProcess, type ServerProcess } from '../../../test/server-process.js';
import type { Db } from '../../db/client.js';
import { seedReference } from '../../db/seed/reference.js';
import { liveUrl, openTab, tabHeaders, type LiveTestClient } from './live.test-client.js';

/**
 * The live channel scaled out: two real server processes (main.ts through tsx) on one
 * PostgreSQL database and one Redis, as a deployment behind a load balancer runs them.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

/** Starts main.ts on `databaseUrl` with its own DATA_DIR (media and the rest stay per machine). */
function startServer(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  return startServerProcess({
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
}

describe.runIf(adminUrl && redisUrl)('live channel across two server processes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const tabs: LiveTestClient[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.database.db;
    await seedReference(db);
    dataDir = mkdtempSync(join(tmpdir(), 'live-processes-'));
    // One after the other: two processes starting together check the migrations at the same moment.
    for (const name of ['one', 'two']) servers.push(await startServer(database.url!, join(dataDir, name)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await Promise.all(servers.map((server) => server.stop()));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function member() {
    const { member: row } = await buildMember(db, { member: { paidUser: true, credits: 10_000 } });
    return { id: row.id, cookie: await loginCookie(db, row.id) };
  }

  async function tab(server: ServerProcess, cookie: string, after?: number) {
    const client = await openTab(liveUrl(server.origin, after), tabHeaders(server.origin, cookie));
    tabs.push(client);
    return client;
  }

  async function send(server: ServerProcess, cookie: string, payload: Record<string, unknown>) {
    const res = await fetch(`${server.origin}/api/message.php`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { message: { id: number; conversation_id: number } };
  }

  const messageIds = (client: LiveTestClient) =>
    client.events.flatMap((e) => (e.type === 'message' ? [e.message.id] : []));

  it('delivers a message sent through the first process live to a tab on the second', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await member();
    const b = await member();
    const bTab = await tab(two, b.cookie);
    const aTab = await tab(one, a.cookie);
    await Promise.all([bTab.next('hello'), aTab.next('hello')]);

    const { message } = await send(one, a.cookie, { member_id: b.id, body: 'Over Redis' });
    const received = await bTab.next('message', (e) => e.message.id === message.id);
    expect(received.message).toMatchObject({ body: 'Over Redis', from_me: false, sender_id: a.id });
    expect((await aTab.next('message', (e) => e.message.id === message.id)).message.from_me).toBe(true);
  });

  it('loses nothing when a tab drops mid-conversation and reconnects with `after`', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await member();
    const b = await member();
    const first = await tab(two, b.cookie);
    await first.next('hello');

    const sent: number[] = [];
    let sending = true;
    const sender = (async () => {
      for (let i = 0; sending || i < 30; i += 1) {
        sent.push((await send(one, a.cookie, { member_id: b.id, body: `Bericht ${i}` })).message.id);
      }
    })();
    await first.next('message', (e) => e.message.id === sent[9]);
    // The connection breaks without a goodbye (network gone), while messages keep coming.
    first.socket.terminate();
    const seen = messageIds(first);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const second = await tab(one, b.cookie, Math.max(...seen));
    const hello = await second.next('hello');
    sending = false;
    await sender;
    const last = sent.at(-1)!;
    if (last > hello.last_message_id) await second.next('message', (e) => e.message.id === last);

    const again = messageIds(second);
    expect(new Set(again).size).toBe(again.length);
    expect([...new Set([...seen, ...again])].sort((x, y) => x - y)).toEqual(sent);
  });

  it('moves tabs to the other process when one shuts down, without losing messages', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const a = await member();
    const b = await member();
    const onTwo = await tab(two, b.cookie);
    await onTwo.next('hello');
    const before = await send(one, a.cookie, { member_id: b.id, body: 'Voor' });
    await onTwo.next('message', (e) => e.message.id === before.message.id);

    await two.stop();
    await expect.poll(() => onTwo.closedWith).toBe(1012);
    const missed = await send(one, a.cookie, { member_id: b.id, body: 'Tijdens' });
    const onOne = await tab(one, b.cookie, before.message.id);
    const caughtUp = await onOne.next('message');
    expect(caughtUp.message).toMatchObject({ id: missed.message.id, body: 'Tijdens' });
    await onOne.next('hello');
  }, 30_000);
});
