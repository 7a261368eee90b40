import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS, loadDotEnv, parseConfig } from './config.js';

const PUBLIC_KEY = 'BNbxGYNMhEIi9zrneh7mqV4oUanjLUK3m+mYZBc62frMKrEoMk88r3Lk596T0ck9xlT+aok0p5t2I6ni4Zsi8A'.replace(
  /\+/g,
  '-',
);
const PRIVATE_KEY = 'C6kcnnQG9eNTPTYh6Y0bPqRVJKF1DZQDWLkSYXJHW2g';

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const result = parseConfig({}, '/srv/app');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const c = result.config;
    expect(c).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      redisUrl: null,
      publicUrl: null,
      secureCookies: false,
      smtpUrl: null,
      mailOutbox: false,
      mollieApiKey: null,
      demoPayments: false,
      vapid: null,
      vapidSubject: null,
      pushHosts: DEFAULT_PUSH_HOSTS,
      seedDemo: true,
      logLevel: 'info',
      trustProxy: false,
      eraseJobIntervalMinutes: 60,
      jobTickSeconds: 60,
      mailWebhookSecret: null,
      rateLimitScale: 1,
      metricsPort: null,
      metricsToken: null,
      s3: null,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.webDistDir).toMatch(/\/apps\/web\/dist$/);
  });

  it('reads every variable when valid, resolving relative paths from where npm was started', () => {
    const result = parseConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: './var',
        DATABASE_URL: 'postgres://app@db:5432/app',
        REDIS_URL: 'redis://cache:6379',
        PUBLIC_URL: 'https://example.com/',
        SMTP_URL: 'smtp://mail:25',
        MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz1234',
        VAPID_PUBLIC_KEY: PUBLIC_KEY,
        VAPID_PRIVATE_KEY: PRIVATE_KEY,
        VAPID_SUBJECT: 'mailto:support@example.com',
        PUSH_HOSTS: ' FCM.googleapis.com, push.example.net ,127.0.0.1:8443',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/opt/web',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        ERASE_JOB_INTERVAL_MINUTES: '15',
        RATE_LIMIT_SCALE: '10',
        METRICS_PORT: '9464',
        METRICS_TOKEN: 'a-metrics-token-of-32-characters',
        INIT_CWD: '/home/me/site',
      },
      '/home/me/site/apps/server',
    );
    expect(result).toEqual({
      ok: true,
      config: {
        production: false,
        port: 8080,
        host: '127.0.0.1',
        dataDir: '/home/me/site/var',
        databaseUrl: 'postgres://app@db:5432/app',
        redisUrl: 'redis://cache:6379',
        publicUrl: 'https://example.com',
        secureCookies: true,
        smtpUrl: 'smtp://mail:25',
        mailOutbox: false,
        mollieApiKey: 'test_abcdefghijklmnopqrstuvwxyz1234',
        demoPayments: false,
        vapid: { publicKey: PUBLIC_KEY, privateKey: PRIVATE_KEY },
        vapidSubject: 'mailto:support@example.com',
        pushHosts: ['fcm.googleapis.com', 'push.example.net', '127.0.0.1:8443'],
        seedDemo: false,
        logLevel: 'warn',
        webDistDir: '/opt/web',
        trustProxy: ['10.0.0.0/8', '127.0.0.1'],
        eraseJobIntervalMinutes: 15,
        jobTickSeconds: 60,
        mailWebhookSecret: null,
        rateLimitScale: 10,
        metricsPort: 9464,
        metricsToken: 'a-metrics-token-of-32-characters',
        s3: null,
      },
    });
  });

  it('keeps media in a bucket when S3_BUCKET is set, with the region defaulting to us-east-1', () => {
    const result = parseConfig({
      S3_ENDPOINT: 'https://s3.nl-ams.scw.cloud/',
      S3_BUCKET: 'amoria-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/key+example',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(result.ok && result.config.s3).toEqual({
      endpoint: 'https://s3.nl-ams.scw.cloud',
      region: 'us-east-1',
      bucket: 'amoria-media',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/key+example' },
      forcePathStyle: true,
    });
    const aws = parseConfig({ S3_BUCKET: 'amoria-media', S3_REGION: 'eu-central-1' });
    expect(aws.ok && aws.config.s3).toEqual({
      endpoint: null,
      region: 'eu-central-1',
      bucket: 'amoria-media',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('lists every problem of an incomplete or malformed bucket configuration', () => {
    const orphans = parseConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
    expect(orphans.ok).toBe(false);
    if (orphans.ok) return;
    expect(orphans.problems).toEqual([
      'S3_ENDPOINT, S3_ACCESS_KEY_ID set without S3_BUCKET: set S3_BUCKET to keep media in a bucket, or unset them',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together, or neither',
    ]);
    const malformed = parseConfig({
      S3_ENDPOINT: 's3.example.com/media',
      S3_REGION: 'EU Central',
      S3_BUCKET: 'My_Bucket',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'sometimes',
    });
    expect(malformed.ok).toBe(false);
    if (malformed.ok) return;
    const text = malformed.problems.join('\n');
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID and']) {
      expect(text).toContain(name);
    }
    expect(malformed.problems).toHaveLength(5);
    expect(parseConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'https://s3.example.com/bucket' }).ok).toBe(false);
  });

  it('treats empty values as unset', () => {
    const result = parseConfig({ PORT: '', DATABASE_URL: ' ', REDIS_URL: '' });
    expect(result.ok && result.config.port).toBe(3000);
    expect(result.ok && result.config.databaseUrl).toBeNull();
  });

  it('lists every problem at once', () => {
    const result = parseConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/app',
      REDIS_URL: 'http://cache',
      PUBLIC_URL: 'example.com',
      SMTP_URL: 'mail.example.com',
      MOLLIE_API_KEY: 'secret',
      VAPID_PUBLIC_KEY: PUBLIC_KEY,
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'the load balancer',
      PUSH_HOSTS: 'https://fcm.googleapis.com',
      ERASE_JOB_INTERVAL_MINUTES: 'hourly',
      RATE_LIMIT_SCALE: '0',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const text = result.problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'REDIS_URL',
      'PUBLIC_URL',
      'SMTP_URL',
      'MOLLIE_API_KEY',
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      'SEED_DEMO',
      'LOG_LEVEL',
      'TRUST_PROXY',
      'PUSH_HOSTS',
      'ERASE_JOB_INTERVAL_MINUTES',
      'RATE_LIMIT_SCALE',
    ]) {
      expect(text).toContain(name);
    }
    expect(result.problems).toHaveLength(13);
  });

  it('takes only host names as push hosts: no IP address, port, single label or empty list', () => {
    for (const value of [
      '127.0.0.1',
      '[::1]',
      'localhost',
      'localhost:8443',
      'push.example.net:0',
      'push.example.net:65536',
      'push.example.net:08443',
      'https://127.0.0.1:8443',
      'fcm.googleapis.com,*.apple.com',
      ',',
    ]) {
      expect(parseConfig({ PUSH_HOSTS: value }).ok, value).toBe(false);
    }
  });

  it('rejects a port out of range and accepts trust-proxy variants', () => {
    expect(parseConfig({ PORT: '70000' }).ok).toBe(false);
    const hops = parseConfig({ TRUST_PROXY: '2' });
    expect(hops.ok && hops.config.trustProxy).toBe(2);
    const on = parseConfig({ TRUST_PROXY: 'true' });
    expect(on.ok && on.config.trustProxy).toBe(true);
  });

  it('turns the erase job off with 0 and refuses a negative interval', () => {
    const off = parseConfig({ ERASE_JOB_INTERVAL_MINUTES: '0' });
    expect(off.ok && off.config.eraseJobIntervalMinutes).toBe(0);
    expect(parseConfig({ ERASE_JOB_INTERVAL_MINUTES: '-5' }).ok).toBe(false);
  });

  it('sets Secure cookies only behind https', () => {
    const http = parseConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(http.ok && http.config.secureCookies).toBe(false);
    expect(http.ok && http.config.publicUrl).toBe('http://localhost:3000');
  });

  it('serves metrics on an internal port other than PORT, and behind a token of 24 characters or more', () => {
    expect(parseConfig({ METRICS_PORT: '0' }).ok).toBe(false);
    expect(parseConfig({ METRICS_PORT: '65536' }).ok).toBe(false);
    expect(parseConfig({ METRICS_PORT: '9.5' }).ok).toBe(false);
    const same = parseConfig({ PORT: '8080', METRICS_PORT: '8080' });
    expect(!same.ok && same.problems.join()).toContain('METRICS_PORT must differ from PORT');
    expect(parseConfig({ METRICS_PORT: '3000' }).ok).toBe(false);
    const short = parseConfig({ METRICS_TOKEN: 'x'.repeat(23) });
    expect(!short.ok && short.problems.join()).toContain('METRICS_TOKEN must be at least 24 characters');
    expect(parseConfig({ METRICS_TOKEN: `${'x'.repeat(24)} y` }).ok).toBe(false);
    const both = parseConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'x'.repeat(24) });
    expect(both.ok && [both.config.metricsPort, both.config.metricsToken]).toEqual([9464, 'x'.repeat(24)]);
  });
});

/** A production environment that passes every production check. */
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz1234',
};

describe('parseConfig in production (NODE_ENV=production)', () => {
  it('starts with safe settings, without the demo seed', () => {
    const result = parseConfig(SAFE_PRODUCTION);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      production: true,
      seedDemo: false,
      mailOutbox: false,
      demoPayments: false,
      rateLimitScale: 1,
      secureCookies: true,
    });
  });

  it('lists every unsafe setting at once, each naming its variable and the way out', () => {
    const result = parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', RATE_LIMIT_SCALE: '20' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(5);
    const [publicUrl, smtp, mollie, seed, scale] = result.problems;
    expect(publicUrl).toMatch(/^PUBLIC_URL .*https:\/\//);
    expect(smtp).toMatch(/^SMTP_URL .*MAIL_OUTBOX=true/);
    expect(mollie).toMatch(/^MOLLIE_API_KEY .*DEMO_PAYMENTS=true/);
    expect(seed).toMatch(/^SEED_DEMO=true .*staff:create/);
    expect(scale).toMatch(/^RATE_LIMIT_SCALE must be 1/);
  });

  it('lists production problems together with malformed values', () => {
    const result = parseConfig({ ...SAFE_PRODUCTION, PORT: 'eighty', PUBLIC_URL: 'http://example.com' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(2);
    expect(result.problems.join('\n')).toMatch(/PORT[\s\S]*PUBLIC_URL/);
  });

  it('refuses a plain-http or missing PUBLIC_URL', () => {
    for (const PUBLIC_URL of ['http://example.com', '', undefined]) {
      const result = parseConfig({ ...SAFE_PRODUCTION, PUBLIC_URL });
      expect(result.ok, String(PUBLIC_URL)).toBe(false);
    }
  });

  it('takes MAIL_OUTBOX=true instead of SMTP_URL', () => {
    const result = parseConfig({ ...SAFE_PRODUCTION, SMTP_URL: undefined, MAIL_OUTBOX: 'true' });
    expect(result.ok && result.config).toMatchObject({ smtpUrl: null, mailOutbox: true });
    expect(parseConfig({ ...SAFE_PRODUCTION, SMTP_URL: undefined, MAIL_OUTBOX: 'false' }).ok).toBe(false);
  });

  it('takes DEMO_PAYMENTS=true instead of MOLLIE_API_KEY', () => {
    const result = parseConfig({ ...SAFE_PRODUCTION, MOLLIE_API_KEY: undefined, DEMO_PAYMENTS: 'yes' });
    expect(result.ok && result.config).toMatchObject({ mollieApiKey: null, demoPayments: true });
    expect(parseConfig({ ...SAFE_PRODUCTION, MOLLIE_API_KEY: undefined, DEMO_PAYMENTS: 'no' }).ok).toBe(false);
  });

  it('accepts SEED_DEMO=false and RATE_LIMIT_SCALE=1 said out loud', () => {
    const result = parseConfig({ ...SAFE_PRODUCTION, SEED_DEMO: 'false', RATE_LIMIT_SCALE: '1' });
    expect(result.ok && result.config).toMatchObject({ seedDemo: false, rateLimitScale: 1 });
  });

  it('keys nothing off other NODE_ENV values; the opt-ins are accepted and change no default', () => {
    for (const NODE_ENV of ['development', 'test', 'Production']) {
      const result = parseConfig({ NODE_ENV, MAIL_OUTBOX: 'true', DEMO_PAYMENTS: 'true' });
      expect(result.ok && result.config, NODE_ENV).toMatchObject({ production: false, seedDemo: true });
    }
    expect(parseConfig({ MAIL_OUTBOX: 'sometimes' }).ok).toBe(false);
  });
});

describe('loadDotEnv', () => {
  it("adds the file's variables; the environment wins, even when set empty", () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
    try {
      const file = join(dir, '.env');
      writeFileSync(file, '# comment\nPORT=8080\nHOST=127.0.0.1\nLOG_LEVEL="warn"\nSEED_DEMO=false\n');
      const env: Record<string, string | undefined> = { HOST: '0.0.0.0', SEED_DEMO: '' };
      expect(loadDotEnv(env, file)).toBe(true);
      expect(env).toEqual({ PORT: '8080', HOST: '0.0.0.0', LOG_LEVEL: 'warn', SEED_DEMO: '' });
      expect(loadDotEnv(env, join(dir, 'missing.env'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
