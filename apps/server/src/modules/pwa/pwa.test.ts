import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { siteSettings } from '../../db/schema/index.js';
import { WebManifestSchema, type ManifestIcon } from './pwa.presenter.js';

const ICONS: ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
  mkdirSync(join(distDir, 'icons'));
  writeFileSync(join(distDir, 'icons', 'icons.json'), JSON.stringify(ICONS));
  t = await buildTestApp({ webDistDir: distDir });
  const [site] = await t.db.select().from(siteSettings).limit(1);
  if (!site) throw new Error('no default site');
  await t.db.insert(siteSettings).values({
    domain: 'liefde.example',
    isDefault: false,
    companyId: site.companyId,
    settings: { ...site.settings, name: 'Liefde', description: 'Vind de liefde', domain_language: 'de' },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('GET /manifest.webmanifest', () => {
  it('names the default site, lists the built icons and installs standalone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
    const manifest = WebManifestSchema.parse(res.json());
    expect(manifest).toMatchObject({
      name: 'Amoria',
      lang: 'nl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#9a6424',
    });
    expect(manifest.icons).toEqual(ICONS);
  });

  it('answers each domain with its own name, description and language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { host: 'www.liefde.example' },
    });
    expect(res.json()).toMatchObject({
      name: 'Liefde',
      short_name: 'Liefde',
      description: 'Vind de liefde',
      lang: 'de',
    });
  });
});

describe('the manifest without a web build', () => {
  it('still answers, without icons', async () => {
    const bare = await buildTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(res.statusCode).toBe(200);
      expect(res.json().icons).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
