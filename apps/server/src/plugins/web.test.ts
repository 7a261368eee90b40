import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { mediaDir } from '../platform/storage/index.js';
import { modulePreloads, pickEncoding } from './web.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('without a web build', () => {
  it('answers a path of the route table with 200 and a placeholder page', async () => {
    for (const url of ['/', '/members', '/members/12', '/pages/terms', '/likes/received?x=1', '/credits/1/ideal']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('answers the operator console with 200, kept out of search engines', async () => {
    for (const url of ['/admin', '/admin/members/12', '/admin/inbox?x=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
    expect((await t.app.inject({ method: 'GET', url: '/administrator' })).statusCode).toBe(404);
  });

  it('answers any other path with 404 and an HTML page', async () => {
    for (const url of [
      '/nope',
      '/members/abc',
      '/pages/unknown',
      '/assets/missing.js',
      // Members-only routes with a value they do not take: 404 for everyone, before any login.
      '/likes/foo',
      '/chats/abc',
      '/credits/abc',
      '/credits/1/no-such-method',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('This page could not be found');
    }
  });
});

describe('pickEncoding', () => {
  it('answers with Brotli or gzip by the q-values of Accept-Encoding, Brotli on a tie', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(pickEncoding('GZIP ; Q=1')).toBe('gzip');
  });
});

describe('modulePreloads', () => {
  it("links a page's chunks, their imports and styles, leaving out what index.html loads", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index-1.css'] },
      '_shared.js': { file: 'assets/shared-2.js' },
      '_parts.js': { file: 'assets/parts-3.js', imports: ['_shared.js'], css: ['assets/parts-3.css'] },
      'src/page.tsx': { file: 'assets/page-4.js', imports: ['index.html', '_parts.js'] },
    };
    expect(modulePreloads(manifest, ['src/page.tsx', 'src/missing.tsx']).split('\n')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/page-4.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/parts-3.js" />',
      '<link rel="preload" as="style" href="/assets/parts-3.css" />',
    ]);
  });
});

const ASSET = `console.log(${JSON.stringify('x'.repeat(2000))})`;

describe('with a web build', () => {
  let built: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><style>html{background:#fff}</style><div id="root"></div>' +
        '<script type="module" src="/assets/index-abc123.js"></script>' +
        `<!-- ${'a page of some length, '.repeat(100)}-->`,
    );
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), ASSET);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("push", () => {})');
    built = await buildTestApp({ webDistDir: dist }, { db: t.db });
    mkdirSync(join(mediaDir(built.config), '7'), { recursive: true });
    writeFileSync(join(mediaDir(built.config), '7', 'photo.webp'), 'RIFF....WEBP');
  });
  afterAll(async () => {
    await built?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves the app's index.html for known paths (200) and unknown ones (404), never cached", async () => {
    const known = await built.app.inject({ method: 'GET', url: '/chats/3' });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('<div id="root">');
    expect(known.headers['cache-control']).toBe('no-cache');
    const unknown = await built.app.inject({ method: 'GET', url: '/landers/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<div id="root">');
  });

  it("allows exactly the index page's inline style by its hash in the CSP", async () => {
    const res = await built.app.inject({ method: 'GET', url: '/' });
    const styleSrc = /style-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update('html{background:#fff}').digest('base64');
    expect(styleSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('serves hashed assets as immutable and other files for revalidation', async () => {
    const asset = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await built.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const index = await built.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copy of an asset to browsers that take it, and the file to others", async () => {
    const br = await built.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    const plain = await built.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it('compresses pages and API answers for browsers that take it', async () => {
    const page = await built.app.inject({ method: 'GET', url: '/members', headers: { 'accept-encoding': 'gzip' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<div id="root">');
    const missing = await built.app.inject({ method: 'GET', url: '/nope', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<div id="root">');
    const api = await built.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { 'accept-encoding': 'br' },
    });
    expect(api.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(api.rawPayload).toString())).toHaveProperty('settings.name');
  });

  it('serves media files, also those written after start, cached for a year', async () => {
    writeFileSync(join(mediaDir(built.config), '7', 'later.webp'), 'RIFF....WEBP');
    for (const url of ['/media/7/photo.webp', '/media/7/later.webp']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const traversal = await built.app.inject({ method: 'GET', url: '/media/../../etc/passwd' });
    expect(traversal.statusCode).not.toBe(200);
  });
});
