import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_PHOTO_LIMIT,
  PHOTO_MAX_BYTES,
  PREMIUM_PHOTO_LIMIT,
  PhotosResponseSchema,
  UserResponseSchema,
} from '@app/shared';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { photos } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../platform/storage/index.js';
import { IMAGE_VARIANTS } from '../media/media.images.js';

let t: TestApp;
let dataDir: string;
let mediaRoot: string;
beforeAll(async () => {
  // Our own local storage, in the folder /media serves, so tests can list and read the files.
  dataDir = mkdtempSync(join(tmpdir(), 'profiles-photos-'));
  mediaRoot = join(dataDir, 'media');
  t = await buildTestApp({ dataDir }, { storage: createLocalDiskStorage(mediaRoot) });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the media root, as storage keys. */
function storedKeys(): string[] {
  const keys: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else keys.push(`${prefix}${name}`);
    }
  };
  if (existsSync(mediaRoot)) walk(mediaRoot, '');
  return keys.sort();
}

/** A request body as a browser's FormData sends it: one part, field name `field`. */
function multipart(data: Buffer, { field = 'file', filename = 'photo.jpg', type = 'image/jpeg' } = {}) {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small photo-like JPEG: a gradient, so crops and encoders have something to work with. */
async function jpeg(width = 320, height = 400, exif?: sharp.Exif): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="40%" r="20%" fill="#fc9"/></svg>`;
  const image = sharp(Buffer.from(svg)).jpeg({ quality: 80 });
  return (exif ? image.withExif(exif) : image).toBuffer();
}

/** EXIF of a phone photo taken in Amsterdam: camera, time and GPS position. */
const GPS_EXIF: sharp.Exif = {
  IFD0: { Make: 'TestPhone', Model: 'Camera 1', Copyright: 'Secret Owner' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '52/1 22/1 1234/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '4/1 53/1 4321/100',
  },
};

async function upload(cookie: string, data: Buffer, options?: Parameters<typeof multipart>[1]) {
  const { payload, headers } = multipart(data, options);
  return t.app.inject({ method: 'POST', url: '/api/photos.php', payload, headers: { ...XHR, ...headers, cookie } });
}

async function member(paidUser = false) {
  const { member } = await buildMember(t.db, { member: { paidUser } });
  return { id: member.id, cookie: await loginCookie(t.db, member.id) };
}

async function photoRows(memberId: number) {
  return t.db.select().from(photos).where(eq(photos.memberId, memberId));
}

/** Whether data holds an EXIF GPS IFD pointer (tag 0x8825, either byte order): a position. */
function hasGpsPointer(data: Buffer): boolean {
  return data.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || data.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));
}

/** The storage key of a /media URL. */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe('POST /api/photos.php', () => {
  it('stores a JPEG with GPS EXIF as three WebP variants without any metadata', async () => {
    const input = await jpeg(600, 900, GPS_EXIF);
    const inputExif = (await sharp(input).metadata()).exif;
    expect(inputExif && hasGpsPointer(inputExif)).toBe(true);
    expect(inputExif!.includes(Buffer.from('Secret Owner'))).toBe(true);

    const m = await member();
    const res = await upload(m.cookie, input);
    expect(res.statusCode).toBe(200);
    const { photos: list } = PhotosResponseSchema.parse(res.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ position: 0, is_main: true });
    const urls = [list[0]!.filename, list[0]!.thumb_filename, list[0]!.match];
    expect(urls[0]).toMatch(/^\/media\/photos\/([a-z0-9]{2})\/\1[a-z0-9]{14}-main\.webp$/);

    for (const url of urls) {
      const stored = await t.app.inject({ method: 'GET', url });
      expect(stored.statusCode).toBe(200);
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(stored.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
      expect(hasGpsPointer(stored.rawPayload)).toBe(false);
      expect(stored.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);
      expect(stored.rawPayload.includes(Buffer.from('TestPhone'))).toBe(false);
    }
    const main = await sharp(await readKey(keyOf(list[0]!.filename))).metadata();
    const thumb = await sharp(await readKey(keyOf(list[0]!.thumb_filename))).metadata();
    const match = await sharp(await readKey(keyOf(list[0]!.match))).metadata();
    // The main image keeps the 2:3 proportions inside its box; the crops have their own.
    expect([main.width, main.height]).toEqual([533, IMAGE_VARIANTS.main.height]);
    expect([thumb.width, thumb.height]).toEqual([IMAGE_VARIANTS.thumb.width, IMAGE_VARIANTS.thumb.height]);
    expect([match.width, match.height]).toEqual([IMAGE_VARIANTS.match.width, IMAGE_VARIANTS.match.height]);
  });

  it('turns the image upright by its EXIF orientation', async () => {
    // Stored landscape 400x300 with orientation 6: shown rotated, as a 300x400 portrait.
    const input = await sharp(await jpeg(400, 300))
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const m = await member();
    const res = await upload(m.cookie, input);
    const [photo] = PhotosResponseSchema.parse(res.json()).photos;
    const main = await sharp(await readKey(keyOf(photo!.filename))).metadata();
    expect([main.width, main.height]).toEqual([300, 400]);
  });

  it('accepts a photo of several megabytes, over the JSON body limit', async () => {
    const pixels = Buffer.from(Array.from({ length: 1200 * 1200 * 3 }, (_, i) => (i * 7919) % 251));
    const noise = await sharp(pixels, { raw: { width: 1200, height: 1200, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const m = await member();
    const res = await upload(m.cookie, noise);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [
      'png',
      () =>
        sharp({ create: { width: 250, height: 250, channels: 4, background: '#3a6' } })
          .png()
          .toBuffer(),
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 250, height: 250, channels: 3, background: '#36a' } })
          .webp()
          .toBuffer(),
    ],
    [
      'gif',
      () =>
        sharp({ create: { width: 250, height: 250, channels: 3, background: '#a63' } })
          .gif()
          .toBuffer(),
    ],
  ])('accepts a %s, whatever its file name says', async (_format, make) => {
    const m = await member();
    const res = await upload(m.cookie, await make(), { filename: 'weird.txt', type: 'text/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos).toHaveLength(1);
  });

  describe('refusals store nothing', () => {
    async function expectRefused(
      data: Buffer,
      status: number,
      error: string,
      message: string,
      options?: Parameters<typeof multipart>[1],
    ) {
      const before = storedKeys();
      const m = await member();
      const res = await upload(m.cookie, data, options);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error, message });
      expect(await photoRows(m.id)).toEqual([]);
      expect(storedKeys()).toEqual(before);
    }

    it('refuses a text file named .jpg: not an image', async () => {
      await expectRefused(
        Buffer.from('Dit is gewoon tekst, geen foto.\n'.repeat(20)),
        415,
        'photo_not_image',
        'Dit bestand is geen foto. Kies een JPEG-, PNG-, WebP-, GIF- of AVIF-bestand.',
        { filename: 'vakantie.jpg', type: 'image/jpeg' },
      );
    });

    it('refuses an SVG and a TIFF, which sharp could read but we do not accept', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
      );
      await expectRefused(svg, 415, 'photo_not_image', expect.any(String) as unknown as string, { filename: 'a.jpg' });
      const tiff = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
        .tiff()
        .toBuffer();
      await expectRefused(tiff, 415, 'photo_not_image', expect.any(String) as unknown as string);
    });

    it('refuses a truncated JPEG: corrupt', async () => {
      const whole = await jpeg(400, 400);
      await expectRefused(
        whole.subarray(0, Math.floor(whole.length / 2)),
        422,
        'photo_corrupt',
        'Deze foto is beschadigd en kan niet worden gelezen. Probeer een andere foto.',
      );
    });

    it('refuses a JPEG header without image data: corrupt', async () => {
      await expectRefused(
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]),
        422,
        'photo_corrupt',
        expect.any(String) as unknown as string,
      );
    });

    it('refuses an image whose shorter side is under 200 pixels: too small', async () => {
      await expectRefused(
        await jpeg(600, 150),
        422,
        'photo_too_small',
        'Deze foto is te klein. Kies een foto van minstens 200 × 200 pixels.',
      );
    });

    it('refuses a file over the size limit: too large', async () => {
      const big = Buffer.concat([await jpeg(300, 300), Buffer.alloc(PHOTO_MAX_BYTES + 1024, 0x20)]);
      await expectRefused(big, 413, 'photo_too_large', 'Deze foto is te groot. Kies een bestand van hoogstens 15 MB.');
    });

    it('refuses a decompression bomb: a small file declaring a huge canvas', async () => {
      const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(PHOTO_MAX_BYTES);
      await expectRefused(
        bomb,
        422,
        'photo_dimensions_too_large',
        'De afmetingen van deze foto zijn te groot. Kies een foto van hoogstens 40 megapixels.',
      );
    });

    it('refuses a malformed multipart body as a bad request, and too many parts as too large', async () => {
      const m = await member();
      const { payload, headers } = multipart(await jpeg());
      const boundary = headers['content-type'].split('boundary=')[1]!;
      const field = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;
      const cases: Array<[string, string | Buffer, number, string]> = [
        ['multipart/form-data', payload, 400, 'bad_request'],
        [headers['content-type'], payload.subarray(0, 120), 400, 'bad_request'],
        [headers['content-type'], payload.subarray(0, payload.length - 10), 400, 'bad_request'],
        [
          headers['content-type'],
          Buffer.concat([Buffer.from(Array.from({ length: 12 }, (_, i) => field(`f${i}`)).join('')), payload]),
          413,
          'payload_too_large',
        ],
      ];
      for (const [contentType, body, status, error] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/photos.php',
          payload: body,
          headers: { ...XHR, 'content-type': contentType, cookie: m.cookie },
        });
        expect({ status: res.statusCode, error: res.json().error }).toEqual({ status, error });
        expect(typeof res.json().message).toBe('string');
      }
      expect(await photoRows(m.id)).toEqual([]);
    });

    it('refuses a request without a file field, and one that is not multipart', async () => {
      await expectRefused(await jpeg(), 400, 'photo_missing', 'Kies een foto om te uploaden.', { field: 'other' });
      const m = await member();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos.php',
        payload: { file: 'x' },
        headers: { ...XHR, cookie: m.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('photo_missing');
    });

    it('answers in the language of the request', async () => {
      const m = await member();
      const { payload, headers } = multipart(Buffer.from('not an image at all, just text'));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos.php',
        payload,
        headers: { ...XHR, ...headers, cookie: `${m.cookie}; locale=en` },
      });
      expect(res.json()).toEqual({
        error: 'photo_not_image',
        message: 'This file is not a photo. Choose a JPEG, PNG, WebP, GIF or AVIF file.',
      });
    });
  });

  it(`lets a free member have ${FREE_PHOTO_LIMIT} photos and refuses the next, storing nothing`, async () => {
    const m = await member();
    const image = await jpeg(240, 240);
    for (let i = 0; i < FREE_PHOTO_LIMIT; i++) {
      expect((await upload(m.cookie, image)).statusCode).toBe(200);
    }
    const before = storedKeys();
    const res = await upload(m.cookie, image);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'photo_limit_reached',
      message: "Je hebt het maximum van 3 foto's bereikt. Verwijder eerst een foto.",
    });
    expect(await photoRows(m.id)).toHaveLength(FREE_PHOTO_LIMIT);
    expect(storedKeys()).toEqual(before);
    const rows = (await photoRows(m.id)).sort((a, b) => a.position - b.position);
    expect(rows.map((r) => [r.position, r.isMain])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
  });

  it('holds the limit when uploads arrive at the same time', async () => {
    const m = await member();
    const image = await jpeg(240, 240);
    const before = storedKeys();
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(m.cookie, image)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409]);
    const rows = await photoRows(m.id);
    expect(rows).toHaveLength(FREE_PHOTO_LIMIT);
    expect(rows.filter((r) => r.isMain)).toHaveLength(1);
    // The refused uploads' files were removed again: only the kept photos' files were added.
    expect(storedKeys().length - before.length).toBe(FREE_PHOTO_LIMIT * 3);
  });

  it(`lets a premium member have ${PREMIUM_PHOTO_LIMIT} photos`, async () => {
    const m = await member(true);
    for (let i = 0; i < PREMIUM_PHOTO_LIMIT - 1; i++) await buildPhoto(t.db, m.id, { position: i, isMain: i === 0 });
    const image = await jpeg(240, 240);
    const ok = await upload(m.cookie, image);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().photos).toHaveLength(PREMIUM_PHOTO_LIMIT);
    const refused = await upload(m.cookie, image);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Je hebt het maximum van 25 foto's bereikt. Verwijder eerst een foto.");
    const [{ n }] = (await t.db.select({ n: count() }).from(photos).where(eq(photos.memberId, m.id))) as [
      { n: number },
    ];
    expect(n).toBe(PREMIUM_PHOTO_LIMIT);
  });

  it('needs a logged-in member and the request-type header', async () => {
    const { payload, headers } = multipart(await jpeg());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload,
      headers: { ...XHR, ...headers },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error).toBe('authentication_required');
    const m = await member();
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      payload,
      headers: { ...headers, cookie: m.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error).toBe('request_type_required');
  });
});

async function readKey(key: string): Promise<Buffer> {
  const data = await createLocalDiskStorage(mediaRoot).get(key);
  if (!data) throw new Error(`nothing stored under ${key}`);
  return data;
}

describe('PUT and DELETE /api/photos.php', () => {
  async function threePhotos() {
    const m = await member();
    const image = await jpeg(240, 240);
    for (let i = 0; i < 3; i++) await upload(m.cookie, image);
    const rows = (await photoRows(m.id)).sort((a, b) => a.position - b.position);
    return { ...m, ids: rows.map((r) => r.id), rows };
  }

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/photos.php', payload, headers: { ...XHR, cookie } });
  const del = (cookie: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: '/api/photos.php', payload: { id }, headers: { ...XHR, cookie } });

  it('chooses the main photo, which user.php then shows as main_image', async () => {
    const m = await threePhotos();
    const res = await put(m.cookie, { main: m.ids[2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: { id: number; is_main: boolean }) => [p.id, p.is_main])).toEqual([
      [m.ids[0], false],
      [m.ids[1], false],
      [m.ids[2], true],
    ]);
    const user = UserResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } })).json(),
    ).user;
    expect(user?.profile.main_image?.filename).toBe(`/media/${m.rows[2]!.filename}`);
  });

  it('reorders the photos and keeps the main one', async () => {
    const m = await threePhotos();
    const order = [m.ids[1]!, m.ids[2]!, m.ids[0]!];
    const res = await put(m.cookie, { order });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().photos.map((p: { id: number; position: number; is_main: boolean }) => [p.id, p.position, p.is_main]),
    ).toEqual([
      [order[0], 0, false],
      [order[1], 1, false],
      [order[2], 2, true],
    ]);
  });

  it('refuses an order that is not exactly the member photos, and another member photo as main', async () => {
    const m = await threePhotos();
    const other = await threePhotos();
    for (const order of [
      [m.ids[0]],
      [...m.ids, m.ids[0]],
      [m.ids[0], m.ids[1], other.ids[0]],
      [m.ids[0], m.ids[0], m.ids[1]],
    ]) {
      const res = await put(m.cookie, { order });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: 'Controleer de ingevulde gegevens.',
        fields: { order: "De volgorde moet al je foto's precies één keer bevatten." },
      });
    }
    const res = await put(m.cookie, { main: other.ids[0] });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('photo_not_found');
    expect((await photoRows(other.id)).find((r) => r.id === other.ids[0])?.isMain).toBe(true);
  });

  it('deletes a photo with its files; the next one becomes main', async () => {
    const m = await threePhotos();
    const res = await del(m.cookie, m.ids[0]!);
    expect(res.statusCode).toBe(200);
    expect(
      res.json().photos.map((p: { id: number; position: number; is_main: boolean }) => [p.id, p.position, p.is_main]),
    ).toEqual([
      [m.ids[1], 0, true],
      [m.ids[2], 1, false],
    ]);
    const gone = m.rows[0]!;
    const keys = storedKeys();
    for (const key of [gone.filename, gone.thumbFilename, gone.matchFilename]) expect(keys).not.toContain(key);
    expect(keys).toContain(m.rows[1]!.filename);
    expect((await t.app.inject({ method: 'GET', url: `/media/${gone.filename}` })).statusCode).toBe(404);
  });

  it('deleting the last photo leaves main_image null', async () => {
    const m = await member();
    await upload(m.cookie, await jpeg(240, 240));
    const [row] = await photoRows(m.id);
    expect((await del(m.cookie, row!.id)).json()).toEqual({ photos: [] });
    const user = (await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } })).json();
    expect(user.user.profile.main_image).toBeNull();
  });

  it("refuses to delete another member's photo or an unknown one", async () => {
    const m = await threePhotos();
    const other = await threePhotos();
    for (const id of [other.ids[0]!, 999_999_999]) {
      const res = await del(m.cookie, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'photo_not_found', message: 'Deze foto bestaat niet (meer).' });
    }
    expect(await photoRows(other.id)).toHaveLength(3);
  });

  it('needs a logged-in member', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/photos.php', payload: { id: 1 }, headers: XHR });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('authentication_required');
    }
  });
});

describe('upload rate limit', () => {
  it('holds back a member who uploads too often, not others', async () => {
    const limited = await buildTestApp({}, { db: t.db, profileRateLimits: { upload: { max: 2, timeWindow: 60_000 } } });
    try {
      const post = async (cookie: string) => {
        const { payload, headers } = multipart(Buffer.from('text, refused after the limit check'));
        return limited.app.inject({
          method: 'POST',
          url: '/api/photos.php',
          payload,
          headers: { ...XHR, ...headers, cookie },
        });
      };
      const m = await member();
      expect((await post(m.cookie)).statusCode).toBe(415);
      expect((await post(m.cookie)).statusCode).toBe(415);
      const third = await post(m.cookie);
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toBe('rate_limited');
      expect((await post((await member()).cookie)).statusCode).toBe(415);
    } finally {
      await limited.close();
    }
  });
});
