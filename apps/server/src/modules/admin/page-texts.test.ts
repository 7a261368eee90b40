import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGES, ContentPageTextSchema, LOCALES, type ContentPageText } from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { staffCall, staffSession } from '../../../test/staff.js';
import { auditLog } from '../../db/schema/index.js';

const INDEX_HTML = `<!doctype html><html lang="nl"><head><meta name="description" content="Site" />
<title>Amoria</title></head><body><div id="root"><!--prerender--><div class="boot-splash"></div><!--/prerender--></div>
<script type="module" src="/assets/index.js"></script></body></html>`;

const OWN: ContentPageText = {
  title: 'Veelgestelde vragen van {{name}}',
  description: 'Alles wat je wilt weten over {{name}}, kort beantwoord.',
  intro: 'Onze eigen inleiding.',
  sections: [
    { heading: 'Over ons', paragraphs: ['Wij zijn {{company}}.', 'Mail ons op {{email}}.'] },
    { heading: 'Vragen', items: [{ q: 'Is het gratis?', a: 'Aanmelden kost niets.' }] },
  ],
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'page-texts-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  t = await buildTestApp({ webDistDir: dist, rateLimitScale: 100 });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const key = (page = 'faq', locale = 'nl') => ({ domain: 'localhost', locale, page });
const publicText = (page: string, locale: string) =>
  t.app.inject({ method: 'GET', url: `/api/page-text.php?page=${page}&locale=${locale}` });

describe('content page texts', () => {
  it("shows the catalogue's text and the placeholders, serves and prerenders a saved text, audited", async () => {
    const { cookie, row } = await staffSession(t, 'admin');
    const view = await staffCall(t, cookie, 'GET', '/api/admin/page-texts.php?domain=localhost&locale=nl&page=faq');
    expect(view.statusCode).toBe(200);
    expect(view.json().custom).toBeNull();
    expect(view.json().default.title).toMatch(/\S/);
    expect(view.json().default.sections.length).toBeGreaterThan(2);
    expect(view.json().placeholders).toEqual(expect.arrayContaining(['name', 'company', 'email', 'days']));

    expect((await publicText('faq', 'nl')).json()).toEqual({ content: null });

    const saved = await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', { ...key(), content: OWN });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().custom).toEqual(OWN);

    const served = await publicText('faq', 'nl');
    expect(served.json()).toEqual({ content: OWN });
    expect(served.headers['cache-control']).toBe('public, max-age=60');
    // Another language and another page keep the catalogue's.
    expect((await publicText('faq', 'en')).json()).toEqual({ content: null });
    expect((await publicText('terms', 'nl')).json()).toEqual({ content: null });

    const html = (await t.app.inject({ method: 'GET', url: '/pages/faq' })).body;
    expect(html).toContain('<h1>Veelgestelde vragen van Amoria</h1>');
    expect(html).toContain('<title>Veelgestelde vragen van Amoria | Amoria</title>');
    expect(html).toContain('<h2>Over ons</h2>');
    expect(html).toContain('<h3>Is het gratis?</h3>');
    expect(html).not.toContain('{{');

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.staffId, row.id), eq(auditLog.action, 'page_text.save')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject(key());
  });

  it("answers every page's catalogue text in every language within the contract's limits", async () => {
    const { cookie } = await staffSession(t, 'admin');
    for (const locale of LOCALES) {
      for (const page of CONTENT_PAGES) {
        const res = await staffCall(
          t,
          cookie,
          'GET',
          `/api/admin/page-texts.php?domain=localhost&locale=${locale}&page=${page}`,
        );
        expect(res.statusCode, `${locale}/${page}`).toBe(200);
        expect(ContentPageTextSchema.safeParse(res.json().default).success, `${locale}/${page}`).toBe(true);
      }
    }
  });

  it('refuses a placeholder the page does not offer, and a text over its limits', async () => {
    const { cookie } = await staffSession(t, 'admin');
    const content = {
      ...OWN,
      sections: [{ heading: 'Kop', paragraphs: ['Goed {{name}}', 'Fout {{password}}'] }],
    };
    const res = await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', { ...key('cookies'), content });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_failed');
    expect(Object.keys(res.json().fields)).toEqual(['content.sections.0.paragraphs.1']);

    const long = await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', {
      ...key('cookies'),
      content: { ...OWN, title: 'x'.repeat(500) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty(['content.title']);
    expect((await publicText('cookies', 'nl')).json()).toEqual({ content: null });

    const unknownDomain = await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', {
      ...key('cookies'),
      domain: 'nowhere.example',
      content: OWN,
    });
    expect(unknownDomain.statusCode).toBe(404);
  });

  it("resets a page to the catalogue's text, audited", async () => {
    const { cookie, row } = await staffSession(t, 'admin');
    await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', { ...key('service', 'en'), content: OWN });
    expect((await publicText('service', 'en')).json().content).toEqual(OWN);

    const reset = await staffCall(t, cookie, 'POST', '/api/admin/page-text-reset.php', key('service', 'en'));
    expect(reset.statusCode).toBe(200);
    expect(reset.json().custom).toBeNull();
    expect((await publicText('service', 'en')).json()).toEqual({ content: null });
    const html = (await t.app.inject({ method: 'GET', url: '/pages/service', headers: { cookie: 'locale=en' } })).body;
    expect(html).not.toContain('Veelgestelde vragen van');

    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.staffId, row.id));
    expect(actions.map((a) => a.action)).toEqual(['staff.enroll', 'page_text.save', 'page_text.reset']);
  });

  it('refuses support and moderators', async () => {
    for (const role of ['support', 'moderator'] as const) {
      const { cookie } = await staffSession(t, role);
      const view = await staffCall(t, cookie, 'GET', '/api/admin/page-texts.php?domain=localhost&locale=nl&page=faq');
      expect(view.statusCode).toBe(403);
      const save = await staffCall(t, cookie, 'PUT', '/api/admin/page-texts.php', { ...key('ban'), content: OWN });
      expect(save.json().error).toBe('permission_denied');
      const reset = await staffCall(t, cookie, 'POST', '/api/admin/page-text-reset.php', key('ban'));
      expect(reset.json().error).toBe('permission_denied');
    }
    expect((await publicText('ban', 'nl')).json()).toEqual({ content: null });
  });
});
