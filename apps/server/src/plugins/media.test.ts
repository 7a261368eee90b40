import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../test/helpers.js';
import { startS3StandIn, type S3StandIn } from '../../test/s3-stand-in.js';
import { imageForm, testJpeg } from '../../test/uploads.js';
import { IMMUTABLE_CACHE_CONTROL } from '../platform/storage/index.js';
import { createS3Storage, type S3MediaStorage } from '../platform/storage/s3-storage.js';

/** /media on a bucket: the app configured with S3_* stores uploads there and serves them from there. */
let standIn: S3StandIn;
let t: TestApp;
let bucket: S3MediaStorage;
beforeAll(async () => {
  standIn = await startS3StandIn();
  t = await buildTestApp({ s3: standIn.config });
  bucket = await createS3Storage(standIn.config);
});
afterAll(async () => {
  await t?.close();
  bucket?.close();
  await standIn?.close();
});

describe('GET /media/* with media in a bucket', () => {
  it('serves an object from the bucket with its type, cached for a year, embeddable anywhere', async () => {
    await bucket.put('photos/ab/ab0123456789abcd-main.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/media/photos/ab/ab0123456789abcd-main.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe('RIFF....WEBP');
    const head = await t.app.inject({ method: 'HEAD', url: '/media/photos/ab/ab0123456789abcd-main.webp' });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 for a missing object and for a key that is no key', async () => {
    for (const url of [
      '/media/photos/zz/zz0000000000-main.webp',
      '/media/../../etc/passwd',
      '/media/photos/%2e%2e/x.webp',
      '/media/.hidden',
      '/media/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('stores an uploaded photo in the bucket and serves it at the URL the API answers', async () => {
    const { member } = await buildMember(t.db);
    const cookie = await loginCookie(t.db, member.id);
    const form = imageForm(await testJpeg());
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload: form.body,
      headers: { ...XHR, 'content-type': form.contentType, cookie },
    });
    expect(upload.statusCode).toBe(200);
    const [photo] = upload.json<{ photos: Array<{ filename: string; thumb_filename: string }> }>().photos;
    for (const url of [photo!.filename, photo!.thumb_filename]) {
      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).toBe(200);
      const stored = await bucket.get(url.replace(/^\/media\//, ''));
      expect(stored?.equals(served.rawPayload), url).toBe(true);
    }
  });
});
