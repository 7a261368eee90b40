import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const user = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user.php', headers });

async function member() {
  const { member: row } = await buildMember(t.db);
  return { id: row.id, cookie: await loginCookie(t.db, row.id) };
}

describe('conditional GETs of the API', () => {
  it('tags a 200 answer and answers 304 without a body while it is unchanged, keeping no-store', async () => {
    const me = await member();
    const first = await user({ cookie: me.cookie });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);

    const again = await user({ cookie: me.cookie, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['content-type']).toBeUndefined();

    // Compressed or not, the same data has the same tag.
    const compressed = await user({ cookie: me.cookie, 'accept-encoding': 'br', 'if-none-match': etag });
    expect(compressed.statusCode).toBe(304);
  });

  it('answers 200 with the new body and tag once the answer changed', async () => {
    const me = await member();
    const { etag } = (await user({ cookie: me.cookie })).headers;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...XHR, cookie: me.cookie },
      payload: { language: 'de' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const changed = await user({ cookie: me.cookie, 'if-none-match': etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user.language).toBe('de');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("never answers 304 with another member's tag, nor after the cookie changed", async () => {
    const [one, two] = [await member(), await member()];
    const { etag } = (await user({ cookie: one.cookie })).headers;
    const other = await user({ cookie: two.cookie, 'if-none-match': etag as string });
    expect(other.statusCode).toBe(200);
    expect(other.json().user.profile.id).toBe(two.id);

    for (const cookie of ['', 'sid=' + 'x'.repeat(43)]) {
      const visitor = await user({ cookie, 'if-none-match': etag as string });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ user: null });
    }
  });

  it('leaves answers that set a cookie, failures and other methods untagged', async () => {
    const me = await member();
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/logout.php',
      headers: { ...XHR, cookie: me.cookie },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.headers.etag).toBeUndefined();

    const refused = await t.app.inject({ method: 'GET', url: '/api/chats.php' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.etag).toBeUndefined();

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: { ...XHR, cookie: (await member()).cookie },
      payload: { language: 'en' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toBeUndefined();
  });

  it('answers settings.php from its cached answer with its own tag, 304 when unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/settings.php',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
