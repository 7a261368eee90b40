import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TYPE_HEADER, REQUEST_TYPE_VALUE, type UserResponse } from '@app/shared';
import type { Db } from '../src/db/client.js';
import { seedReference } from '../src/db/seed/reference.js';
import { liveUrl, openTab, tabHeaders, type LiveTestClient } from '../src/modules/live/live.test-client.js';
import { createS3Storage, type S3MediaStorage } from '../src/platform/storage/s3-storage.js';
import { buildMember } from './factories.js';
import { loginCookie, openTestDatabase } from './helpers.js';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { imageForm, testJpeg } from './uploads.js';

/**
 * The production shape: two server processes, as two machines behind a load balancer run them,
 * sharing one PostgreSQL database, one Redis and one bucket (the S3 stand-in), each with a
 * DATA_DIR of its own. What one process takes in, the other serves and delivers.
 */
// Two processes cannot share an embedded database. CI starts PostgreSQL and Redis on its machine
// (.ci/run), so there this test runs in both passes, on the machine's services in the PGlite one.
const ci = Boolean(process.env.CI);
const adminUrl = process.env.TEST_DATABASE_URL ?? (ci ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
const redisUrl = process.env.REDIS_URL ?? (ci ? 'redis://127.0.0.1:6379' : undefined);
const XHR = { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_VALUE };

// Needs TEST_DATABASE_URL and REDIS_URL, or CI (whose machine runs both).
describe.runIf(adminUrl && redisUrl)('two server processes on PostgreSQL, Redis and one bucket', () => {
  let standIn: S3StandIn;
  let bucket: S3MediaStorage;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const tabs: LiveTestClient[] = [];

  beforeAll(async () => {
    standIn = await startS3StandIn();
    bucket = await createS3Storage(standIn.config);
    database = await openTestDatabase(adminUrl);
    db = database.database.db;
    await seedReference(db);
    dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));
    const start = (name: string) =>
      startServerProcess({
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl,
        DATA_DIR: join(dataDir, name),
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        ...standIn.env,
      });
    // One after the other: two processes starting together check the migrations at the same moment.
    a = await start('a');
    b = await start('b');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    bucket?.close();
    await standIn?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function member() {
    const { member: row } = await buildMember(db, { member: { paidUser: true, credits: 1000 } });
    return { id: row.id, cookie: await loginCookie(db, row.id) };
  }

  /** Files a process wrote under its own DATA_DIR/media. */
  function localMedia(name: string): string[] {
    const root = join(dataDir, name, 'media');
    return existsSync(root) ? readdirSync(root, { recursive: true }).map(String) : [];
  }

  it('serves through the second process a photo uploaded through the first', async () => {
    const m = await member();
    const form = imageForm(await testJpeg());
    const upload = await fetch(`${a.origin}/api/photos.php`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': form.contentType, cookie: m.cookie },
      body: form.body,
    });
    expect(upload.status, a.output()).toBe(200);

    const user = await fetch(`${b.origin}/api/user.php`, { headers: { cookie: m.cookie } });
    const body = (await user.json()) as UserResponse;
    const mainImage = body.user?.profile.main_image?.filename ?? '';
    expect(mainImage).toMatch(/^\/media\/photos\/.+-main\.webp$/);

    const fromB = await fetch(`${b.origin}${mainImage}`);
    expect(fromB.status, b.output()).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    const served = Buffer.from(await fromB.arrayBuffer());
    const fromA = Buffer.from(await (await fetch(`${a.origin}${mainImage}`)).arrayBuffer());
    expect(served.equals(fromA)).toBe(true);
    expect((await bucket.get(mainImage.replace(/^\/media\//, '')))?.equals(served)).toBe(true);
    // Neither process kept it on its own disk: the bucket is the only copy.
    expect([...localMedia('a'), ...localMedia('b')].filter((f) => f.endsWith('.webp'))).toEqual([]);
  });

  it('delivers a message sent through the first process live to a tab on the second', async () => {
    const sender = await member();
    const receiver = await member();
    const tab = await openTab(liveUrl(b.origin), tabHeaders(b.origin, receiver.cookie));
    tabs.push(tab);
    await tab.next('hello');

    const res = await fetch(`${a.origin}/api/message.php`, {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json', cookie: sender.cookie },
      body: JSON.stringify({ member_id: receiver.id, body: 'Across two processes' }),
    });
    expect(res.status, a.output()).toBe(200);
    const { message } = (await res.json()) as { message: { id: number } };
    const received = await tab.next('message', (e) => e.message.id === message.id);
    expect(received.message).toMatchObject({ body: 'Across two processes', from_me: false, sender_id: sender.id });
  });
});
