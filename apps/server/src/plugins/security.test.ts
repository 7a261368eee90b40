import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XHR, buildTestApp, type TestApp } from '../../test/helpers.js';

/** The CSP as directive -> values. */
function parseCsp(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('security headers', () => {
  it('sends a Content-Security-Policy the app runs under, on pages and API alike', async () => {
    for (const url of ['/', '/api/settings.php']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000' } });
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['connect-src']).toEqual(["'self'", 'ws://localhost:3000', 'wss://localhost:3000']);
      expect(csp['worker-src']).toEqual(["'self'"]);
      expect(csp['manifest-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
    }
  });

  it('sends the other helmet headers, without HSTS on plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same headers from memory to every request of a host, and each host its own', async () => {
    const helmetHeaders = async (host: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/settings.php', headers: { host } });
      return Object.fromEntries(
        Object.entries(res.headers).filter(([name]) => /^(content-security|cross-origin|x-(?!ratelimit))/.test(name)),
      );
    };
    const first = await helmetHeaders('een.example');
    expect(parseCsp(first['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'ws://een.example',
      'wss://een.example',
    ]);
    const other = await helmetHeaders('twee.example');
    expect(parseCsp(other['content-security-policy'])['connect-src']).toContain('ws://twee.example');
    expect(await helmetHeaders('een.example')).toEqual(first);
    expect({ ...other, 'content-security-policy': null }).toEqual({ ...first, 'content-security-policy': null });
  });

  it('ignores a Host header that is not a host name', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: "evil.example 'unsafe-inline'" } });
    expect(parseCsp(res.headers['content-security-policy'])['connect-src']).toEqual(["'self'"]);
  });
});

describe('security headers behind https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await buildTestApp({ publicUrl: 'https://amoria.example', secureCookies: true }, { db: t.db });
  });
  afterAll(async () => https?.close());

  it('adds HSTS, upgrade-insecure-requests and the wss origin of the requested domain', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/', headers: { host: 'amoria.example' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'wss://amoria.example']);
    const other = await https.app.inject({ method: 'GET', url: '/', headers: { host: 'de.amoria.example' } });
    expect(parseCsp(other.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'wss://de.amoria.example',
    ]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });
});

describe('request-type check', () => {
  it('refuses state-changing API calls without X-Requested-With with 403 request_type_required', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/user.php', headers: { cookie: 'locale=en' } });
      expect(res.statusCode, method).toBe(403);
      expect(res.json()).toEqual({ error: 'request_type_required', message: 'This request was refused.' });
    }
  });

  it('lets reads through without it, and state changes with it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user.php' })).statusCode).toBe(200);
    const put = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: XHR, payload: { language: 'en' } });
    expect(put.json().error).toBe('authentication_required');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { 'x-requested-with': 'fetch' },
      payload: { language: 'en' },
    });
    expect(wrong.json().error).toBe('request_type_required');
  });
});
