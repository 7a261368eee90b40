import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_REACTIVATION_DAYS } from '@app/shared';
import { buildMember } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { imageForm, testJpeg } from '../../../test/uploads.js';
import { members } from '../../db/schema/index.js';
import { createS3Client } from '../../platform/storage/s3-storage.js';

/**
 * With media in a bucket, every delete reaches the bucket: a member's own photo delete, and the
 * erasure of an account, which takes its photos and the images of its conversations, the
 * partner's included, and nobody else's.
 */
const DAY = 24 * 3_600_000;

let standIn: S3StandIn;
let t: TestApp;
let client: S3Client;
let image: Buffer;
beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await buildTestApp({ s3: standIn.config });
  client = await createS3Client(standIn.config);
  image = await testJpeg(240, 300);
});
afterAll(async () => {
  await t?.close();
  client?.destroy();
  await standIn?.close();
});

/** Every object in the bucket, as the media keys the database holds. */
async function bucketKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: standIn.config.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!.replace(/^media\//, '')).sort();
}

const keyOf = (url: string) => url.replace(/^\/media\//, '');

async function member() {
  const { member: row } = await buildMember(t.db, { member: { paidUser: true, credits: 1000 } });
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

interface PhotoAnswer {
  id: number;
  filename: string;
  thumb_filename: string;
  match: string;
}

/** Posts `image` as a multipart upload, as the web app does, and expects it taken. */
async function postImage(url: string, cookie: string, fields: Record<string, number> = {}) {
  const form = imageForm(image, fields);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: form.body,
    headers: { ...XHR, 'content-type': form.contentType, cookie },
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function uploadPhoto(cookie: string): Promise<PhotoAnswer> {
  const res = await postImage('/api/photos.php', cookie);
  return res.json<{ photos: PhotoAnswer[] }>().photos.at(-1)!;
}

const photoKeys = (p: PhotoAnswer) => [p.filename, p.thumb_filename, p.match].map(keyOf);

async function sendImage(cookie: string, to: number): Promise<string[]> {
  const res = await postImage('/api/message-image.php', cookie, { member_id: to });
  const sent = res.json<{ message: { image: { url: string; thumb: string } } }>().message.image;
  return [sent.url, sent.thumb].map(keyOf);
}

describe('deleting media stored in a bucket', () => {
  it("removes a deleted photo's three objects from the bucket", async () => {
    const m = await member();
    const kept = await uploadPhoto(m.cookie);
    const gone = await uploadPhoto(m.cookie);
    expect(await bucketKeys()).toEqual(expect.arrayContaining([...photoKeys(kept), ...photoKeys(gone)]));
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/photos.php',
      payload: { id: gone.id },
      headers: { ...XHR, cookie: m.cookie },
    });
    expect(res.statusCode).toBe(200);
    const after = await bucketKeys();
    expect(after).toEqual(expect.arrayContaining(photoKeys(kept)));
    for (const key of photoKeys(gone)) expect(after).not.toContain(key);
  });

  it("erases an account's photos and its conversations' images from the bucket, and nobody else's", async () => {
    const erased = await member();
    const partner = await member();
    const bystander = await member();
    const erasedFiles = [
      ...photoKeys(await uploadPhoto(erased.cookie)),
      ...(await sendImage(erased.cookie, partner.id)),
      ...(await sendImage(partner.cookie, erased.id)),
    ];
    const keptFiles = [
      ...photoKeys(await uploadPhoto(partner.cookie)),
      ...photoKeys(await uploadPhoto(bystander.cookie)),
      ...(await sendImage(partner.cookie, bystander.id)),
    ];
    expect(await bucketKeys()).toEqual(expect.arrayContaining([...erasedFiles, ...keptFiles]));

    const now = new Date();
    await t.db
      .update(members)
      .set({ deletedAt: new Date(now.getTime() - (ACCOUNT_REACTIVATION_DAYS + 1) * DAY) })
      .where(eq(members.id, erased.id));
    expect(await t.app.jobs.runDue(now)).toContain('erase-accounts');

    const after = await bucketKeys();
    for (const key of erasedFiles) expect(after, key).not.toContain(key);
    expect(after).toEqual(expect.arrayContaining(keptFiles));
    const served = await t.app.inject({ method: 'GET', url: `/media/${erasedFiles[0]}` });
    expect(served.statusCode).toBe(404);
  });
});
