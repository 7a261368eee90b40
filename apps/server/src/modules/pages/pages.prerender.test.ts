import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, LANDER_NAMES, LOCALES } from '@app/shared';
import { buildMember, buildPhoto } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { members } from '../../db/schema/index.js';
import { landingModules } from '../landing/landing.prerender.js';

/** The parts of the built index.html the server fills in. */
const INDEX_HTML = `<!doctype html><html lang="nl"><head><meta name="description" content="Site" />
<title>Amoria</title></head><body><div id="root"><!--prerender--><div class="boot-splash"></div><!--/prerender--></div>
<script type="module" src="/assets/index.js"></script></body></html>`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'prerender-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', isEntry: true },
      'src/app/routes/lander.tsx': { file: 'assets/lander-1.js', imports: ['index.html'] },
      'src/features/landing/components/landers/gallery.tsx': { file: 'assets/gallery-2.js' },
      '../../packages/i18n/locales/en/landing.json': { file: 'assets/landing-3.js' },
    }),
  );
  t = await buildTestApp({ webDistDir: dist });
  await t.db.update(members).set({ invisible: true });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, cookie = '') {
  const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, html: res.body };
}

/** The text of an element, tags stripped and entities of the escaper decoded. */
function textOf(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe('server-rendered content pages', () => {
  it.each(CONTENT_PAGES)('renders /pages/%s with its title, description and every section in nl', async (name) => {
    const { status, html } = await page(`/pages/${name}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="nl"/);
    expect(html).toMatch(/<title>[^<]+ \| Amoria<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}" data-page \/>/);
    expect(html).not.toContain('boot-splash');
    const body = /<main class="prerendered[^"]*">([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    expect(body.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(textOf(body)).not.toContain('{{');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('fills in the company and the site from the settings', async () => {
    const { html } = await page('/pages/terms');
    expect(textOf(html)).toContain('Amoria');
    expect(textOf(html)).toMatch(/Versie van \d{1,2} \w+ \d{4}/);
  });

  it('answers in the language of the locale cookie', async () => {
    for (const locale of LOCALES) {
      const { html } = await page('/pages/faq', `locale=${locale}`);
      expect(html, locale).toContain(`<html lang="${locale}"`);
    }
    const en = await page('/pages/privacy', 'locale=en');
    const nl = await page('/pages/privacy');
    expect(/<h1>([^<]+)<\/h1>/.exec(en.html)?.[1]).not.toBe(/<h1>([^<]+)<\/h1>/.exec(nl.html)?.[1]);
  });

  it('names the fictional profiles in the page language, not in the site’s Dutch', async () => {
    const en = textOf((await page('/pages/terms', 'locale=en')).html);
    expect(en).toContain('profiles run by us: fictional profiles.');
    expect(en).not.toMatch(/fictie/);
    const nl = textOf((await page('/pages/terms')).html);
    expect(nl).toContain('profielen die door ons worden beheerd: fictieve profielen.');
  });

  it('leaves the pages the app alone renders as they are', async () => {
    const { html } = await page('/credits');
    expect(html).toContain('boot-splash');
    expect(html).not.toContain('data-page');
  });
});

describe('server-rendered landing pages', () => {
  let memberId = 0;
  beforeAll(async () => {
    const { member } = await buildMember(t.db, {
      profile: { name: 'Mirjam<b>', gender: 'female', birthDate: '1980-02-02' },
    });
    await buildPhoto(t.db, member.id, { isMain: true });
    memberId = member.id;
  });

  it('renders a lander in the language and niche of its slug, with its members', async () => {
    const { status, html } = await page('/landers/gallery/milf-eng');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    // Names are escaped: a member's name is never markup.
    expect(html).toContain('Mirjam&#60;b&#62;');
    expect(html).toContain('href="/signup"');
  });

  it('renders a member landing page about that member, leading to their signup page', async () => {
    const { html } = await page(`/members/${memberId}/landing2/nl`);
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain(`href="/members/${memberId}/signup"`);
    expect(textOf(html)).toContain('Mirjam<b>');
  });

  it("preloads the page's own chunks, design and texts in the page's head", async () => {
    const { html } = await page('/landers/gallery/milf-eng');
    const head = html.slice(0, html.indexOf('</head>'));
    for (const file of ['lander-1.js', 'gallery-2.js', 'landing-3.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}" />`);
    }
    expect(head).not.toContain('href="/assets/index.js" />');
  });

  it('names modules the web app has, for every lander and member landing', () => {
    const web = join(import.meta.dirname, '../../../../web');
    const pages = [...LANDER_NAMES, 'tinderswipe'].map((lander) => ({ lander }));
    for (const page of [...pages, ...['landing', 'landing2', 'landing3'].map((variant) => ({ variant }))]) {
      for (const module of landingModules(page, 'en')) expect(existsSync(join(web, module)), module).toBe(true);
    }
  });

  it("preloads the photo the landing page shows largest, its member's, in the page's head", async () => {
    for (const url of [`/members/${memberId}/landing`, '/landers/gallery/milf-eng']) {
      const { html } = await page(url);
      const head = html.slice(0, html.indexOf('</head>'));
      const href = /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high" \/>/.exec(head)?.[1];
      expect(href, url).toMatch(/^\/media\/photos\/.+-match\.webp$/);
    }
  });

  it('answers an unknown slug with 404 and no prerendered content', async () => {
    const { status, html } = await page('/landers/gallery/milf-en');
    expect(status).toBe(404);
    expect(html).not.toContain('data-page');
  });
});
