import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, REGION_KIND_BY_COUNTRY, SiteSettingsSchema, SettingsResponseSchema } from '@app/shared';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { siteSettings } from '../../db/schema/index.js';
import { createSettingsService, normalizeDomain } from './settings.service.js';
import { selectCountry } from './settings.presenter.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('GET /api/settings.php', () => {
  it('answers every settings field of the schema, plus domain_language', async () => {
    const res = await get('/api/settings.php', { host: 'localhost:3000' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(() => SettingsResponseSchema.parse(body)).not.toThrow();
    expect(Object.keys(body.settings).sort()).toEqual(Object.keys(SiteSettingsSchema.shape).sort());
    expect(body.domain_language).toBe('nl');
    expect(body.settings).toMatchObject({
      name: 'Amoria',
      domain: 'localhost',
      niche: 1,
      countries: [...COUNTRIES],
      message_credits: 10,
      free_messages: 3,
      min_age: 18,
      enable_site_entry_popup: 'yes',
      fictional_icon: 'fictional',
      fictional_warning: 'Dit profiel is fictief en wordt beheerd door ons team.',
      refund_days: 14,
      signups: 'all',
      // The VAPID key generated on first start (no VAPID_PUBLIC_KEY in tests).
      push_public_key: expect.stringMatching(/^[\w-]{87}$/),
      region_kinds: REGION_KIND_BY_COUNTRY,
    });
    expect(body.settings.interests).toContain('adventure');
    expect(body.settings.minimum_message_costs.GB).toEqual({ costs: 179, currency: 'GBP' });
  });

  it('answers the support phone cleaned of dashes and spaces, whatever the operator typed', async () => {
    const [stored] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'localhost'));
    expect(stored!.settings.support_phone).toBe('+31 20-123 45 67');
    const body = SettingsResponseSchema.parse((await get('/api/settings.php', { host: 'localhost:3000' })).json());
    expect(body.settings.support_phone).toBe('+31201234567');
  });

  it('is privately cacheable for a minute', async () => {
    const res = await get('/api/settings.php');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });

  it('selects the domain by Host header, ignoring port, case and www', async () => {
    const res = await get('/api/settings.php', { host: 'WWW.De.Localhost:8080' });
    expect(res.json().settings.domain).toBe('de.localhost');
    expect(res.json().domain_language).toBe('de');
    expect(res.json().settings.fictional_singular).toBe('fiktives Profil');
  });

  it('answers the texts in the page language: the locale cookie, else the domain language', async () => {
    const dutch = (await get('/api/settings.php', { host: 'localhost' })).json();
    expect(dutch.locale).toBe('nl');
    expect(dutch.settings).toMatchObject({
      index_title: 'Amoria – daten, chatten en nieuwe mensen ontmoeten',
      fictional_singular: 'fictief profiel',
      fictional_plural: 'fictieve profielen',
    });

    // The site has Dutch texts only: English reads the catalogue's English defaults, not Dutch.
    const english = (await get('/api/settings.php', { host: 'localhost', cookie: 'locale=en' })).json();
    expect(english.locale).toBe('en');
    expect(english.domain_language).toBe('nl');
    expect(english.settings).toMatchObject({
      index_title: 'Amoria – dating, chatting and meeting new people',
      fictional_warning: 'This profile is fictional and is run by our team.',
      fictional_singular: 'fictional profile',
      fictional_plural: 'fictional profiles',
    });
    const polish = (await get('/api/settings.php', { host: 'localhost', cookie: 'locale=pl' })).json();
    expect(polish.settings.fictional_plural).toBe('profile fikcyjne');
    // Accept-Language does not choose the page language (spec section 4); a bad cookie is no choice.
    const header = await get('/api/settings.php', {
      host: 'de.localhost',
      'accept-language': 'en',
      cookie: 'locale=xx',
    });
    expect(header.json().settings.fictional_plural).toBe('fiktive Profile');
  });

  it('answers the texts in the locale parameter’s language, whatever the cookie', async () => {
    const res = await get('/api/settings.php?forced_domain=localhost&locale=fr', { cookie: 'locale=de' });
    expect(res.json().locale).toBe('fr');
    expect(res.json().settings.fictional_singular).toBe('profil fictif');
    expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
    expect((await get('/api/settings.php?locale=xx')).statusCode).toBe(400);
  });

  it('varies by language: the cookie in Vary, the language in the ETag and the process cache', async () => {
    const nl = await get('/api/settings.php', { host: 'localhost' });
    expect(nl.headers.vary).toMatch(/cookie/i);
    const en = await get('/api/settings.php', {
      host: 'localhost',
      cookie: 'locale=en',
      'if-none-match': nl.headers.etag!,
    });
    expect(en.statusCode).toBe(200);
    expect(en.headers.etag).not.toBe(nl.headers.etag);
    expect(en.json().settings.fictional_plural).toBe('fictional profiles');
    const again = await get('/api/settings.php', {
      host: 'localhost',
      cookie: 'locale=en',
      'if-none-match': en.headers.etag!,
    });
    expect(again.statusCode).toBe(304);
    expect((await get('/api/settings.php', { host: 'localhost' })).json().settings.fictional_plural).toBe(
      'fictieve profielen',
    );
  });

  it('prefers the forced_domain parameter over the Host header', async () => {
    const res = await get('/api/settings.php?forced_domain=de.localhost&lb=1', { host: 'localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.json().domain_language).toBe('de');
  });

  it('falls back to the default domain for an unknown host, naming that host', async () => {
    const res = await get('/api/settings.php?forced_domain=unknown.example', { host: 'de.localhost' });
    expect(res.json().domain_language).toBe('nl');
    expect(res.json().settings.domain).toBe('unknown.example');
    const junk = await get('/api/settings.php?forced_domain=' + encodeURIComponent('<script>'), { host: 'localhost' });
    expect(junk.json().settings.domain).toBe('localhost');
  });

  it('fills geoip_country from the request address and picks a served country', async () => {
    const us = await get('/api/settings.php', { host: 'localhost' }, '8.8.8.8');
    expect(us.json().settings.geoip_country).toBe('US');
    expect(us.json().settings.geoip_selected_country).toBe('US');

    const local = await get('/api/settings.php', { host: 'localhost' }, '127.0.0.1');
    expect(local.json().settings.geoip_country).toBeNull();
    expect(local.json().settings.geoip_selected_country).toBe('NL');

    const germanSite = await get('/api/settings.php', { host: 'de.localhost' }, '127.0.0.1');
    expect(germanSite.json().settings.geoip_selected_country).toBe('DE');
  });
});

describe('settings service cache', () => {
  it('reuses a looked-up row within the TTL and shows an operator edit after it', async () => {
    let clock = 1_000;
    const service = createSettingsService({
      db: t.db,
      log: t.app.log,
      config: t.config,
      pushPublicKey: 'key',
      countryForIp: () => null,
      ttlMs: 30_000,
      now: () => clock,
    });
    const before = await service.siteSettings({
      host: 'de.localhost',
      ip: '127.0.0.1',
      locale: (language) => language,
    });
    expect(before.settings.push_public_key).toBe('key');
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    await t.db
      .update(siteSettings)
      .set({ settings: { ...row!.settings, name: 'Amoria DE' } })
      .where(eq(siteSettings.domain, 'de.localhost'));

    clock += 29_000;
    expect(
      (await service.siteSettings({ host: 'de.localhost', ip: '127.0.0.1', locale: (language) => language })).settings
        .name,
    ).toBe('Amoria');
    clock += 2_000;
    expect(
      (await service.siteSettings({ host: 'de.localhost', ip: '127.0.0.1', locale: (language) => language })).settings
        .name,
    ).toBe('Amoria DE');
    await t.db.update(siteSettings).set({ settings: row!.settings }).where(eq(siteSettings.domain, 'de.localhost'));
  });

  it('collects the CDN origins of every domain for the CSP', async () => {
    const service = createSettingsService({
      db: t.db,
      log: t.app.log,
      config: t.config,
      pushPublicKey: null,
      countryForIp: () => null,
    });
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    await t.db
      .update(siteSettings)
      .set({ settings: { ...row!.settings, cdn_prefix: 'https://cdn.example.net/media' } })
      .where(eq(siteSettings.domain, 'de.localhost'));
    await service.refreshCdnOrigins();
    expect(service.cdnOrigins()).toEqual(['https://cdn.example.net']);
    await t.db.update(siteSettings).set({ settings: row!.settings }).where(eq(siteSettings.domain, 'de.localhost'));
  });
});

describe('migration 0023', () => {
  const statements = readFileSync(
    new URL('../../db/migrations/0023_site_texts_per_language.sql', import.meta.url),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim());

  it('keeps a text stored as one string as the domain language’s text, and an empty one as none', async () => {
    const [seeded] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    const before = {
      ...seeded!.settings,
      index_title: 'Amoria – daten und chatten',
      fictional_warning: 'Dieses Profil ist erfunden.',
      fictional_singular: 'erfundenes Profil',
      fictional_plural: '',
    };
    await t.db.execute(
      sql`insert into site_settings (domain, company_id, settings) values ('old.localhost', ${seeded!.companyId}, ${JSON.stringify(before)}::jsonb)`,
    );
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const [after] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'old.localhost'));
    expect(after!.settings).toEqual({
      ...seeded!.settings,
      index_title: { de: 'Amoria – daten und chatten' },
      fictional_warning: { de: 'Dieses Profil ist erfunden.' },
      fictional_singular: { de: 'erfundenes Profil' },
      fictional_plural: {},
    });
    // Settings already kept per language are left as they are.
    const [again] = await t.db.select().from(siteSettings).where(eq(siteSettings.domain, 'de.localhost'));
    expect(again!.settings).toEqual(seeded!.settings);

    const german = (await get('/api/settings.php?forced_domain=old.localhost')).json();
    expect(german.settings.fictional_singular).toBe('erfundenes Profil');
    expect(german.settings.fictional_plural).toBe('fiktive Profile');
    const english = (await get('/api/settings.php?forced_domain=old.localhost&locale=en')).json();
    expect(english.settings.fictional_warning).toBe('This profile is fictional and is run by our team.');
  });
});

describe('normalizeDomain', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['WWW.Example.COM', 'example.com'],
    ['https://www.example.com/path?x=1', 'example.com'],
    ['example.com.', 'example.com'],
    ['[::1]:3000', '[::1]'],
    ['', null],
    ['exa mple.com', null],
    ['<script>', null],
    [undefined, null],
  ])('normalizes %s to %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});

describe('selectCountry', () => {
  it('keeps a served visitor country, else takes the first served one', () => {
    expect(selectCountry('BE', ['NL', 'BE'])).toBe('BE');
    expect(selectCountry('JP', ['NL', 'BE'])).toBe('NL');
    expect(selectCountry(null, ['DE'])).toBe('DE');
  });
});
