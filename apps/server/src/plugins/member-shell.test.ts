import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { matchRoute } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { memberShellPage } from './member-shell.js';

const WEB_ROOT = join(import.meta.dirname, '../../../web');

describe('memberShellPage', () => {
  it("names each member page's module and its loader's data module, which the web app has", () => {
    for (const path of ['/members', '/likes', '/likes/given', '/chats', '/chats/4', '/members/9/chat']) {
      const page = memberShellPage(matchRoute(path)!, { locale: 'en', siteName: 'Amoria' });
      expect(page, path).not.toBeNull();
      const sources = page!.modules!.filter((module) => module.startsWith('src/'));
      expect(sources, path).toContain('src/app/member-data.ts');
      for (const source of sources) expect(existsSync(join(WEB_ROOT, source)), source).toBe(true);
    }
  });

  it("preloads the members-area texts in the member's language and nl, and draws the page's shape", () => {
    const list = memberShellPage(matchRoute('/members')!, { locale: 'de', siteName: 'Amoria' })!;
    expect(list.modules).toEqual(
      expect.arrayContaining([
        '../../packages/i18n/locales/de/member.json',
        '../../packages/i18n/locales/nl/member.json',
        '../../packages/i18n/locales/de/signup.json',
      ]),
    );
    expect(list.body).toContain('page-skeleton__card');
    expect(memberShellPage(matchRoute('/likes')!, { locale: 'nl', siteName: 'Liefde & <Co>' })!.body).toContain(
      'Liefde &#38; &#60;Co&#62;',
    );
    expect(list.title).toBeUndefined();
    expect(memberShellPage(matchRoute('/chats/4')!, { locale: 'nl', siteName: 'Amoria' })!.body).toContain(
      'page-skeleton__bubble',
    );
  });

  it('leaves every other page alone', () => {
    for (const path of ['/', '/members/9', '/credits', '/pages/terms', '/landers/tinderswipe']) {
      expect(memberShellPage(matchRoute(path)!, { locale: 'nl', siteName: 'Amoria' }), path).toBeNull();
    }
  });
});

describe("a member page's HTML", () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="nl"><head><title>Amoria</title></head><body><div id="root">' +
        '<!--prerender--><div class="boot-splash"></div><!--/prerender--></div></body></html>',
    );
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/app/routes/members.tsx': { file: 'assets/members-2.js', imports: ['_cards.js'] },
      '_cards.js': { file: 'assets/cards-3.js' },
      'src/app/member-data.ts': { file: 'assets/data-4.js' },
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("preloads the page's chunks and shows its shape instead of the logo, keeping the site's title", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/members?gender=female' });
    expect(res.statusCode).toBe(200);
    for (const file of ['members-2.js', 'cards-3.js', 'data-4.js']) {
      expect(res.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}" />`);
    }
    expect(res.body).toContain('<title>Amoria</title>');
    expect(res.body).toContain('page-skeleton');
    expect(res.body).not.toContain('boot-splash');
  });

  it('serves other app pages with the splash and no preloads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/credits' });
    expect(res.body).toContain('boot-splash');
    expect(res.body).not.toContain('modulepreload');
  });
});
