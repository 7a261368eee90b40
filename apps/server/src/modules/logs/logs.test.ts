import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../../test/factories.js';
import { buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';

/** Log lines of the app, to check what page-hidden writes (and what it does not). */
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => t?.close());

const pageHiddenLines = () => lines.filter((l) => l.event === 'page_hidden');

describe('POST /api/page-hidden.php', () => {
  it('accepts an empty beacon without the request-type header and answers 204', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/page-hidden.php' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('accepts a text/plain JSON beacon and logs path (without query), bounce flag and member id', async () => {
    const { member } = await buildMember(t.db);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: await loginCookie(t.db, member.id) },
      payload: JSON.stringify({ path: '/reset-password/do?token=secret', bounce: true }),
    });
    expect(res.statusCode).toBe(204);
    expect(pageHiddenLines()).toEqual([
      expect.objectContaining({ level: 30, path: '/reset-password/do', bounce: true, memberId: member.id }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('accepts an application/json body, an empty JSON body and junk alike', async () => {
    lines.length = 0;
    for (const [type, payload] of [
      ['application/json', '{"path":"/members"}'],
      ['application/json', ''],
      ['text/plain', 'not json'],
      ['application/octet-stream', '\u0000\u0001'],
      ['application/json', '{"path": 5}'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, `${type} ${payload}`).toBe(204);
    }
    expect(pageHiddenLines()[0]).toMatchObject({ path: '/members', bounce: false, memberId: null });
    expect(pageHiddenLines()).toHaveLength(5);
  });
});
