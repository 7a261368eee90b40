import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, type TestApp } from '../../test/helpers.js';
import { authenticationRequired, validationFailed } from '../errors.js';
import { errorsPlugin } from './errors.js';
import { validatorCompiler } from './validation.js';

describe('the error handler', () => {
  let app: FastifyInstance;
  const logged: unknown[] = [];

  beforeAll(async () => {
    app = Fastify({
      logger: { level: 'error', stream: { write: (line: string) => void logged.push(JSON.parse(line)) } },
    });
    app.setValidatorCompiler(validatorCompiler);
    await app.register(cookie);
    await app.register(errorsPlugin, { pageFallback: (_req, reply) => reply.code(404).send('page') });
    app.get('/api/crash', async () => {
      throw new Error('connection to postgres://admin:hunter2@db failed');
    });
    app.get('/api/refuse', async () => {
      throw authenticationRequired();
    });
    app.get('/api/custom-field', async () => {
      throw validationFailed({
        email: 'field_invalid',
        name: { key: 'field_too_long', params: { max: 30 } },
        x: 'nope',
      });
    });
    app.post(
      '/api/body',
      {
        schema: {
          body: z.object({ name: z.string().min(2).max(5), age: z.number().int().max(120), tags: z.array(z.string()) }),
        },
      },
      async () => ({ ok: true }),
    );
    app.post(
      '/api/free',
      { schema: { body: z.object({ details: z.record(z.string(), z.unknown()) }), querystring: z.object({}) } },
      async () => ({ ok: true }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers a 500 as internal_error without any detail, and logs the detail', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal_error',
      message: 'Er is een fout opgetreden, probeer het later opnieuw.',
    });
    expect(res.body).not.toContain('hunter2');
    expect(JSON.stringify(logged)).toContain('connection to postgres');
  });

  it('answers an AppError with its status and code, translated by the locale cookie', async () => {
    const nl = await app.inject({ method: 'GET', url: '/api/refuse' });
    expect(nl.statusCode).toBe(403);
    expect(nl.json()).toEqual({ error: 'authentication_required', message: 'Je moet ingelogd zijn om dit te doen.' });
    const en = await app.inject({ method: 'GET', url: '/api/refuse', headers: { cookie: 'locale=en' } });
    expect(en.json().message).toBe('You need to be logged in to do this.');
  });

  it('falls back to Accept-Language, then nl; an unsupported cookie is ignored', async () => {
    const de = await app.inject({
      method: 'GET',
      url: '/api/refuse',
      headers: { 'accept-language': 'ja, de-AT;q=0.8, en;q=0.5' },
    });
    expect(de.json().message).toBe('Du musst angemeldet sein, um das zu tun.');
    const nb = await app.inject({ method: 'GET', url: '/api/refuse', headers: { 'accept-language': 'nb-NO' } });
    expect(nb.json().message).toBe('Du må være logget inn for å gjøre dette.');
    const junk = await app.inject({ method: 'GET', url: '/api/refuse', headers: { cookie: 'locale=xx' } });
    expect(junk.json().message).toBe('Je moet ingelogd zijn om dit te doen.');
  });

  it('words per-field problems with their values; an unknown key reads as invalid', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/custom-field', headers: { cookie: 'locale=en' } });
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: 'Please check what you entered.',
      fields: { email: 'This value is invalid.', name: 'Use at most 30 characters.', x: 'This value is invalid.' },
    });
  });

  it('turns schema failures into validation_failed with a message per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/body',
      headers: { cookie: 'locale=en' },
      payload: { name: 'a', age: 130, tags: ['ok', 3] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Use at least 2 characters.',
      age: 'The value must be at most 120.',
      'tags.1': 'This value is invalid.',
    });
    const long = await app.inject({
      method: 'POST',
      url: '/api/body',
      headers: { cookie: 'locale=en' },
      payload: { name: 'abcdefg' },
    });
    expect(long.json().fields).toEqual({
      name: 'Use at most 5 characters.',
      age: 'This field is required.',
      tags: 'This field is required.',
    });
  });

  it('answers unreadable bodies as bad_request and unknown content types as unsupported_media_type', async () => {
    const json = await app.inject({
      method: 'POST',
      url: '/api/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('bad_request');
    const xml = await app.inject({
      method: 'POST',
      url: '/api/body',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('unsupported_media_type');
  });

  it('refuses NUL and lone surrogates in any string or key, and deep nesting, whatever the schema', async () => {
    const send = (payload: string, url = '/api/free') =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie: 'locale=en' },
        payload,
      });
    const characters = 'This text contains characters that are not allowed.';
    const cases: Array<[string, Record<string, string>, string?]> = [
      ['{"details":{"a":"x\\u0000y"}}', { 'details.a': characters }],
      ['{"details":{"a\\u0000":1}}', { details: characters }],
      ['{"details":{"a":["\\ud800"]}}', { 'details.a.0': characters }],
      ['{"details":{"\\udfff":1}}', { details: characters }],
      [`{"details":{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`, {}],
      ['{"details":{}}', { q: characters }, '/api/free?q=%00'],
    ];
    for (const [payload, fields, url] of cases) {
      const res = await send(payload, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('validation_failed');
      if (Object.keys(fields).length) expect(res.json().fields).toEqual(fields);
    }
    const infinite = await send('{"name":"ab","age":1e400,"tags":[]}', '/api/body');
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().fields).toEqual({ age: 'This value is invalid.' });
    const ok = await send('{"details":{"a":"zoë 😀","b":[[1]]}}');
    expect(ok.statusCode).toBe(200);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('not found', () => {
  it('answers an unknown /api path with a JSON 404 not_found, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope.php', headers: XHR });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Niet gevonden.' });
    }
    const en = await t.app.inject({ method: 'GET', url: '/api/nope.php', headers: { cookie: 'locale=en' } });
    expect(en.json().message).toBe('Not found.');
  });

  it('answers a missing media file with a 404, not the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/none.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({}, { db: t.db, rateLimit: { max: 2, timeWindow: 60_000 } });
  });
  afterAll(async () => limited?.close());

  it('answers 429 rate_limited beyond the limit, on the API only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await limited.app.inject({ method: 'GET', url: '/api/interests.php' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await limited.app.inject({
      method: 'GET',
      url: '/api/interests.php',
      headers: { cookie: 'locale=en' },
    });
    expect(refused.json()).toEqual({ error: 'rate_limited', message: 'Too many requests, please try again shortly.' });
    expect(refused.headers['retry-after']).toBeDefined();
    const page = await limited.app.inject({ method: 'GET', url: '/members' });
    expect(page.statusCode).toBe(200);
  });
});

describe('RATE_LIMIT_SCALE', () => {
  let scaled: TestApp;
  beforeAll(async () => {
    scaled = await buildTestApp(
      { rateLimitScale: 3 },
      {
        db: t.db,
        rateLimit: { max: 2, timeWindow: 60_000 },
        accountRateLimits: { passwordReset: { max: 1, timeWindow: 60_000 } },
      },
    );
  });
  afterAll(async () => scaled?.close());

  it('multiplies the global limit and every route limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await scaled.app.inject({ method: 'GET', url: '/api/interests.php' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);

    // POST /api/password-reset.php: 1 a window, times 3 (an empty body is refused, but counted).
    const route: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await scaled.app.inject({
        method: 'POST',
        url: '/api/password-reset.php',
        headers: XHR,
        payload: {},
      });
      route.push(res.statusCode);
    }
    expect(route).toEqual([400, 400, 400, 429]);
  });
});
