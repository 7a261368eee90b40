import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, mailsTo, uniqueEmail } from '../test/factories.js';
import { XHR, buildTestApp, type TestApp } from '../test/helpers.js';
import { createLogger, loggedUrl } from './logger.js';

describe('loggedUrl', () => {
  it('keeps the path and the query names, never a query value', () => {
    expect(loggedUrl('/api/unsubscribe.php?token=abc&kind=likes')).toBe(
      '/api/unsubscribe.php?token=[redacted]&kind=[redacted]',
    );
    expect(loggedUrl('/reset-password/do?token=x&token=y')).toBe('/reset-password/do?token=[redacted]');
    expect(loggedUrl('/members?')).toBe('/members');
    expect(loggedUrl('/api/settings.php')).toBe('/api/settings.php');
  });

  it('redacts capability segments and anything that reads like a token', () => {
    expect(loggedUrl('/mail-change/do/short')).toBe('/mail-change/do/[redacted]');
    expect(loggedUrl('/demo-checkout/tr_demo_1')).toBe('/demo-checkout/[redacted]');
    expect(loggedUrl('/some/route/Xk3_9fQ-aa7bb8cc9dd0ee')).toBe('/some/route/[redacted]');
    expect(loggedUrl('/assets/index-B2x9kLmN4pQ7rS1t.js')).toBe('/assets/index-B2x9kLmN4pQ7rS1t.js');
    expect(loggedUrl('/pages/terms-and-conditions-of-use')).toBe('/pages/terms-and-conditions-of-use');
  });
});

/** A real app whose log lines are kept, at info as in production. */
async function loggingApp(overrides: Parameters<typeof buildTestApp>[0], db?: TestApp['db']) {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info' }, { destination: { write: (line: string) => lines.push(line) } });
  const t = await buildTestApp({ rateLimitScale: 100, ...overrides }, { logger, ...(db ? { db } : {}) });
  return { t, log: () => lines.join('') };
}

let production: Awaited<ReturnType<typeof loggingApp>>;
let demo: Awaited<ReturnType<typeof loggingApp>>;
beforeAll(async () => {
  production = await loggingApp({
    production: true,
    publicUrl: 'https://example.test',
    secureCookies: true,
    mailOutbox: true,
    demoPayments: true,
  });
  demo = await loggingApp({}, production.t.db);
});
afterAll(async () => {
  await demo?.t.close();
  await production?.t.close();
});

const token = () => randomBytes(32).toString('base64url');

describe('the request log', () => {
  it('never holds a token of a link, a query or the live channel, nor a mailed link in production', async () => {
    const { t, log } = production;
    const secrets = [token(), token(), token(), token(), token(), token()];
    const [activate, reset, mailChange, unsubscribe, live, demoCheckout] = secrets;
    for (const url of [
      `/api/activate.php?token=${activate}`,
      `/reset-password/do?token=${reset}`,
      `/mail-change/do/${mailChange}`,
      `/api/unsubscribe.php?token=${unsubscribe}`,
      `/api/live?after=1&ticket=${live}`,
      `/demo-checkout/${demoCheckout}`,
    ]) {
      await t.app.inject({ method: 'GET', url });
    }
    const email = uniqueEmail('logged');
    await buildMember(t.db, { member: { email } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      headers: XHR,
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(t.db, email);
    const mailed = mail!.text.match(/token=([\w-]+)/)![1]!;

    const text = log();
    // The calls were logged, without their tokens.
    expect(text).toContain('"url":"/mail-change/do/[redacted]"');
    expect(text).toContain('"url":"/api/unsubscribe.php?token=[redacted]"');
    expect(text).toContain('mail stored in the outbox');
    for (const secret of [...secrets, mailed]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/token=(?!\[redacted\])/);
  });

  it('keeps the outbox mail links outside production, for a developer to follow', async () => {
    const { t, log } = demo;
    const email = uniqueEmail('logged-demo');
    await buildMember(t.db, { member: { email } });
    await t.app.inject({ method: 'POST', url: '/api/password-reset.php', headers: XHR, payload: { email } });
    const [mail] = await mailsTo(t.db, email);
    expect(log()).toContain(mail!.text.match(/token=([\w-]+)/)![1]!);
  });
});
