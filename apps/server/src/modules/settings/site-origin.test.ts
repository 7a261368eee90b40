import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateOrderResponseSchema } from '@app/shared';
import { buildMember, mailsTo, passwordHash, uniqueEmail } from '../../../test/factories.js';
import { XHR, buildTestApp, loginCookie, type TestApp } from '../../../test/helpers.js';
import { creditBundles } from '../../db/schema/index.js';

/**
 * Every absolute link a request makes (mailed links, the payment provider's return URL) comes
 * from the stored domains or PUBLIC_URL, never from an unknown Host header.
 */
const PASSWORD = 'origin-password-1';
const EVIL = 'evil.example';

let demo: TestApp;
let withUrl: TestApp;
beforeAll(async () => {
  demo = await buildTestApp({ rateLimitScale: 100, port: 3999 });
  withUrl = await buildTestApp(
    { rateLimitScale: 100, publicUrl: 'https://www.example.com', secureCookies: true },
    { db: demo.db },
  );
});
afterAll(async () => {
  await withUrl?.close();
  await demo?.close();
});

async function member(status: 'confirmed' | 'not_confirmed' = 'confirmed', deletedAt: Date | null = null) {
  const email = uniqueEmail('origin');
  const { member } = await buildMember(demo.db, {
    member: { email, status, deletedAt, passwordHash: await passwordHash(PASSWORD), credits: 0 },
  });
  return { id: member.id, email, cookie: await loginCookie(demo.db, member.id) };
}

function post(t: TestApp, host: string, url: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url, headers: { ...XHR, host, ...(cookie ? { cookie } : {}) }, payload });
}

/** The links of the newest mail to an address. */
async function lastMailLinks(email: string): Promise<string[]> {
  const mails = await mailsTo(demo.db, email);
  const text = mails.at(-1)?.text ?? '';
  return text.match(/https?:\/\/\S+/g) ?? [];
}

/** Every way a request makes a mailed link or a redirect URL, answering the links it made. */
const LINK_MAKERS: Record<string, (t: TestApp, host: string) => Promise<string[]>> = {
  'password reset': async (t, host) => {
    const m = await member();
    expect((await post(t, host, '/api/password-reset.php', { email: m.email })).statusCode).toBe(200);
    return lastMailLinks(m.email);
  },
  'activation resend': async (t, host) => {
    const m = await member('not_confirmed');
    expect((await post(t, host, '/api/activation.php', {}, m.cookie)).statusCode).toBe(200);
    return lastMailLinks(m.email);
  },
  'e-mail change': async (t, host) => {
    const m = await member();
    const next = uniqueEmail('origin-new');
    const res = await post(t, host, '/api/email-change.php', { email: next, password: PASSWORD }, m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return lastMailLinks(next);
  },
  reactivation: async (t, host) => {
    const m = await member('confirmed', new Date(Date.now() - 24 * 3600_000));
    expect((await post(t, host, '/api/reactivation.php', { email: m.email })).statusCode).toBe(200);
    return lastMailLinks(m.email);
  },
  'checkout redirect': async (t, host) => {
    const m = await member();
    const [bundle] = await demo.db
      .select()
      .from(creditBundles)
      .where(and(eq(creditBundles.tier, 'p1'), eq(creditBundles.active, true)))
      .limit(1);
    const res = await post(
      t,
      host,
      '/api/order.php',
      { bundle_id: bundle!.id, method: 'ideal', terms: true },
      m.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return [CreateOrderResponseSchema.parse(res.json()).checkout_url!];
  },
};

describe('links made for a request', () => {
  for (const [name, makeLinks] of Object.entries(LINK_MAKERS)) {
    it(`${name}: an unknown Host gets the default domain, with or without PUBLIC_URL`, async () => {
      for (const host of [EVIL, `${EVIL}:3999`, 'localhost.evil.example', `localhost:80@${EVIL}`]) {
        const demoLinks = await makeLinks(demo, host);
        expect(demoLinks.length, host).toBeGreaterThan(0);
        for (const link of demoLinks) {
          expect(link, host).not.toContain('evil');
          expect(new URL(link).origin, host).toBe('http://localhost:3999');
        }
        for (const link of await makeLinks(withUrl, host)) {
          expect(link, host).not.toContain('evil');
          expect(new URL(link).origin, host).toBe('https://www.example.com');
        }
      }
    });
  }

  it('keeps the host of a stored domain (and its port), with the scheme of PUBLIC_URL', async () => {
    for (const makeLinks of Object.values(LINK_MAKERS)) {
      for (const link of await makeLinks(demo, 'de.localhost:3999')) {
        expect(new URL(link).origin).toBe('http://de.localhost:3999');
      }
      for (const link of await makeLinks(withUrl, 'de.localhost:3999')) {
        expect(new URL(link).origin).toBe('https://de.localhost:3999');
      }
      for (const link of await makeLinks(withUrl, 'example.com')) {
        expect(new URL(link).origin).toBe('https://example.com');
      }
    }
  });

  it('uses https in production, whatever the request came in on', async () => {
    const production = await buildTestApp(
      { production: true, publicUrl: null, mailOutbox: true, demoPayments: true, rateLimitScale: 100 },
      { db: demo.db },
    );
    try {
      for (const link of await LINK_MAKERS['password reset']!(production, 'de.localhost')) {
        expect(new URL(link).origin).toBe('https://de.localhost');
      }
    } finally {
      await production.close();
    }
  });
});
