import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { z } from 'zod';

/**
 * The server's configuration, read once from the environment (and the repository's .env) at
 * start. Every setting the process behaves on is here, explicitly. NODE_ENV is read once, into
 * `production`; nothing else keys off it.
 */
export interface Config {
  /**
   * NODE_ENV=production: the start is refused unless the settings are safe outside the demo
   * (productionProblems), and nothing only safe in the demo runs without its opt-in.
   */
  production: boolean;
  port: number;
  host: string;
  /** Absolute path; holds the embedded database (pglite/) and local media (media/). */
  dataDir: string;
  /** A postgres:// URL selects PostgreSQL; null means the embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /** Redis for the event bus and rate limits across processes; null keeps both in-process. */
  redisUrl: string | null;
  /** Public origin of the site without trailing slash (https://example.com), when known. */
  publicUrl: string | null;
  /** Cookies get the Secure flag: true when publicUrl is https. */
  secureCookies: boolean;
  smtpUrl: string | null;
  /**
   * MAIL_OUTBOX=true: production may run without SMTP_URL, mail then kept unsent in the
   * database. Outside production the outbox is the default and this changes nothing.
   */
  mailOutbox: boolean;
  mollieApiKey: string | null;
  /**
   * DEMO_PAYMENTS=true: production may run without MOLLIE_API_KEY on the demo checkout, where
   * members mark their own orders paid. Outside production the demo checkout is the default.
   */
  demoPayments: boolean;
  /** VAPID keys for web push; null when not configured (the push platform then generates them once). */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The contact push services see (VAPID_SUBJECT), whether the keys are configured or generated. */
  vapidSubject: string | null;
  /**
   * The push services' hosts (PUSH_HOSTS): a subscription's endpoint must be on one of them or
   * a subdomain of one (or exactly at an entry's host and port), else it is refused and never
   * contacted.
   */
  pushHosts: string[];
  /** Seed the demo site when the members table is empty (default true, false in production). */
  seedDemo: boolean;
  logLevel: LogLevel;
  /** Absolute path of the built web app (vite build output); may not exist in API tests. */
  webDistDir: string;
  /** Fastify's trustProxy: false, true, a hop count, or the proxies' addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** Minutes between runs of the job that erases accounts past their reactivation days; 0 never runs it. */
  eraseJobIntervalMinutes: number;
  /** Seconds between checks for due scheduled jobs (notification mails); 0 runs none. */
  jobTickSeconds: number;
  /** The shared secret of the mail provider's bounce and complaint webhook; null refuses every call. */
  mailWebhookSecret: string | null;
  /**
   * Multiplies every rate limit. Only for the end-to-end suite and load tests, which sign up and
   * log in dozens of members from one address; production keeps 1.
   */
  rateLimitScale: number;
  /** A separate internal port serving GET /metrics (on HOST); null serves none. */
  metricsPort: number | null;
  /** Bearer token of GET /metrics on the main port; null serves none there. */
  metricsToken: string | null;
  /** The S3-compatible bucket that holds media (S3_BUCKET and the rest); null keeps media on local disk under dataDir. */
  s3: S3Config | null;
}

/** Where media live when they live in a bucket. */
export interface S3Config {
  /** The S3 API's origin (MinIO, R2, Scaleway, ...); null means AWS's own endpoint for `region`. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Null leaves the credentials to the SDK's own chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Addresses the bucket as a path (endpoint/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** How long in-flight requests get to finish on SIGTERM/SIGINT before the process exits anyway. */
export const SHUTDOWN_GRACE_MS = 10_000;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The browsers' push services: Chrome and Edge's FCM (and its legacy host), Firefox's autopush,
 * Windows' WNS and Safari's. Each entry also covers its subdomains.
 */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** The repository root, three levels up from apps/server/src. Defaults are resolved from it. */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Unset and empty variables are the same thing: an empty line in .env means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const urlWithScheme = (schemes: string[], hint: string) =>
  z.string().refine((v) => {
    try {
      return schemes.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, hint);

const booleanString = (name: string) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), `${name} must be true or false`)
    .transform((v) => ['true', '1', 'yes'].includes(v));

const EnvSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    urlWithScheme(
      ['postgres:', 'postgresql:'],
      'DATABASE_URL must be a postgres:// URL (leave it unset for the embedded PGlite database)',
    ),
  ),
  REDIS_URL: optional(urlWithScheme(['redis:', 'rediss:'], 'REDIS_URL must be a redis:// or rediss:// URL')),
  PUBLIC_URL: optional(
    urlWithScheme(['http:', 'https:'], 'PUBLIC_URL must be an http:// or https:// URL, e.g. https://example.com'),
  ),
  SMTP_URL: optional(urlWithScheme(['smtp:', 'smtps:'], 'SMTP_URL must be an smtp:// or smtps:// URL')),
  MAIL_OUTBOX: optional(booleanString('MAIL_OUTBOX')),
  DEMO_PAYMENTS: optional(booleanString('DEMO_PAYMENTS')),
  MOLLIE_API_KEY: optional(
    z.string().regex(/^(test|live)_\w{20,}$/, 'MOLLIE_API_KEY must look like test_... or live_...'),
  ),
  VAPID_PUBLIC_KEY: optional(z.string().regex(/^[\w-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url key')),
  VAPID_PRIVATE_KEY: optional(z.string().regex(/^[\w-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url key')),
  VAPID_SUBJECT: optional(urlWithScheme(['mailto:', 'https:'], 'VAPID_SUBJECT must be a mailto: or https: URL')),
  SEED_DEMO: optional(booleanString('SEED_DEMO')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  WEB_DIST_DIR: optional(z.string()),
  TRUST_PROXY: optional(z.string()),
  PUSH_HOSTS: optional(z.string()),
  ERASE_JOB_INTERVAL_MINUTES: optional(
    z.coerce
      .number({ error: 'ERASE_JOB_INTERVAL_MINUTES must be a number' })
      .int('ERASE_JOB_INTERVAL_MINUTES must be a whole number of minutes')
      .min(0, 'ERASE_JOB_INTERVAL_MINUTES must be 0 (off) or more')
      .max(7 * 24 * 60, 'ERASE_JOB_INTERVAL_MINUTES must be at most a week (10080)'),
  ),
  JOB_TICK_SECONDS: optional(
    z.coerce
      .number({ error: 'JOB_TICK_SECONDS must be a number' })
      .int('JOB_TICK_SECONDS must be a whole number of seconds')
      .min(0, 'JOB_TICK_SECONDS must be 0 (off) or more')
      .max(3600, 'JOB_TICK_SECONDS must be at most an hour (3600)'),
  ),
  MAIL_WEBHOOK_SECRET: optional(z.string().min(16, 'MAIL_WEBHOOK_SECRET must be at least 16 characters')),
  RATE_LIMIT_SCALE: optional(
    z.coerce
      .number({ error: 'RATE_LIMIT_SCALE must be a number' })
      .int('RATE_LIMIT_SCALE must be a whole number')
      .min(1, 'RATE_LIMIT_SCALE must be at least 1')
      .max(1000, 'RATE_LIMIT_SCALE must be at most 1000'),
  ),
  METRICS_PORT: optional(
    z.coerce
      .number({ error: 'METRICS_PORT must be a number' })
      .int('METRICS_PORT must be a whole number')
      .min(1, 'METRICS_PORT must be between 1 and 65535')
      .max(65535, 'METRICS_PORT must be between 1 and 65535'),
  ),
  METRICS_TOKEN: optional(
    z
      .string()
      .min(24, 'METRICS_TOKEN must be at least 24 characters')
      .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces'),
  ),
  S3_ENDPOINT: optional(
    z.string().refine((v) => {
      try {
        const url = new URL(v);
        return ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search && !url.username;
      } catch {
        return false;
      }
    }, 'S3_ENDPOINT must be an http:// or https:// origin without a path, e.g. https://s3.eu-central-1.amazonaws.com'),
  ),
  S3_REGION: optional(
    z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'S3_REGION must be a region name such as eu-central-1'),
  ),
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
      ),
  ),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(booleanString('S3_FORCE_PATH_STYLE')),
  /** Set by npm to the directory it was started in; relative paths are meant from there. */
  INIT_CWD: optional(z.string()),
});

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses or CIDRs. */
function parseTrustProxy(value: string | undefined): { value: boolean | number | string[] } | { problem: string } {
  if (value === undefined) return { value: false };
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'yes') return { value: true };
  if (v === 'false' || v === 'no') return { value: false };
  if (/^\d+$/.test(v)) return { value: Number(v) };
  const parts = v.split(',').map((p) => p.trim());
  const address = /^(?:[\d.]+|[\da-f:]+)(?:\/\d{1,3})?$/;
  if (parts.every((p) => address.test(p))) return { value: parts };
  return { problem: 'TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses' };
}

/** A host name of two labels or more whose last starts with a letter: never an IP address. */
const HOST_NAME = /^(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z](?:[a-z\d-]{0,61}[a-z\d])?$/;

/** An IPv4 address or a bracketed IPv6 one, as a URL's host writes them. */
const IP_HOST = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\])$/;

/**
 * One PUSH_HOSTS entry: a host name (its subdomains too, default port only), or a host and port
 * (`push.example.net:8443`, `127.0.0.1:3211`) that allows exactly that authority: the operator
 * names it on purpose, for a self-hosted push service or a test's stand-in.
 */
function pushHostEntry(entry: string): boolean {
  if (entry.length > 253) return false;
  const withPort = /^(.+):(\d{1,5})$/.exec(entry);
  if (!withPort) return HOST_NAME.test(entry);
  const [, host = '', port = ''] = withPort;
  const portNumber = Number(port);
  return (
    (HOST_NAME.test(host) || IP_HOST.test(host)) &&
    portNumber >= 1 &&
    portNumber <= 65535 &&
    String(portNumber) === port
  );
}

/** PUSH_HOSTS: a comma-separated list of push hosts (see pushHostEntry), replacing DEFAULT_PUSH_HOSTS. */
function parsePushHosts(value: string | undefined): { value: string[] } | { problem: string } {
  if (value === undefined) return { value: DEFAULT_PUSH_HOSTS };
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  if (hosts.length > 0 && hosts.every(pushHostEntry)) return { value: hosts };
  return {
    problem:
      'PUSH_HOSTS must be a comma-separated list of host names such as fcm.googleapis.com (no scheme; an IP address only with its port, such as 127.0.0.1:8443)',
  };
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/**
 * The S3 settings that only make sense together: a bucket's other settings without the bucket
 * would silently keep media on local disk, and one half of a key pair would silently fall back
 * to the SDK's own credentials.
 */
function s3Problems(env: Record<string, string | undefined>): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  const orphans = S3_SETTINGS.filter(set);
  if (!set('S3_BUCKET') && orphans.length > 0) {
    problems.push(
      `${orphans.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep media in a bucket, or unset them`,
    );
  }
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together, or neither');
  }
  return problems;
}

/** A variable's value, or undefined when unset or blank (as `optional` reads it). */
function raw(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

const isTrue = (value: string | undefined) => ['true', '1', 'yes'].includes(value?.toLowerCase() ?? '');

/** NODE_ENV=production, the one place the process reads NODE_ENV. */
const isProduction = (env: Record<string, string | undefined>) => raw(env, 'NODE_ENV') === 'production';

/**
 * What production mode refuses, each naming the variable and what to do. Read from the raw
 * environment, so they are listed together with any malformed value.
 */
function productionProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const publicUrl = raw(env, 'PUBLIC_URL');
  if (!publicUrl?.toLowerCase().startsWith('https://')) {
    problems.push(
      "PUBLIC_URL must be the site's https:// address in production (e.g. https://example.com): mailed links and Secure cookies depend on it",
    );
  }
  if (!raw(env, 'SMTP_URL') && !isTrue(raw(env, 'MAIL_OUTBOX'))) {
    problems.push(
      'SMTP_URL is required in production (smtp://user:pass@smtp.example.com:587); or set MAIL_OUTBOX=true to keep mail unsent in the database',
    );
  }
  if (!raw(env, 'MOLLIE_API_KEY') && !isTrue(raw(env, 'DEMO_PAYMENTS'))) {
    problems.push(
      'MOLLIE_API_KEY is required in production (live_...); or set DEMO_PAYMENTS=true to run the demo checkout, where members mark their own orders paid',
    );
  }
  if (isTrue(raw(env, 'SEED_DEMO'))) {
    problems.push(
      'SEED_DEMO=true is refused in production: the demo seed creates staff logins with a published password; unset it and create the first admin with npm run staff:create -w @app/server',
    );
  }
  const scale = raw(env, 'RATE_LIMIT_SCALE');
  if (scale !== undefined && Number(scale) !== 1) {
    problems.push('RATE_LIMIT_SCALE must be 1 (or unset) in production: it loosens every rate limit for tests');
  }
  return problems;
}

/**
 * Turns an environment into a typed config, or into the list of every problem found, so an
 * operator fixes them all in one go. Pure: relative paths resolve against INIT_CWD (the
 * directory npm was started in; npm runs workspace scripts from the workspace folder) or `cwd`.
 */
export function parseConfig(env: Record<string, string | undefined>, cwd: string = process.cwd()): ConfigResult {
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  const production = isProduction(env);
  if (production) problems.push(...productionProblems(env));

  const hasPublic = Boolean(env.VAPID_PUBLIC_KEY?.trim());
  const hasPrivate = Boolean(env.VAPID_PRIVATE_KEY?.trim());
  if (hasPublic !== hasPrivate) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, or neither');
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY?.trim() || undefined);
  if ('problem' in trustProxy) problems.push(trustProxy.problem);

  const pushHosts = parsePushHosts(env.PUSH_HOSTS?.trim() || undefined);
  if ('problem' in pushHosts) problems.push(pushHosts.problem);

  if (
    parsed.success &&
    parsed.data.METRICS_PORT !== undefined &&
    parsed.data.METRICS_PORT === (parsed.data.PORT ?? 3000)
  ) {
    problems.push('METRICS_PORT must differ from PORT: the metrics port is internal, the main port is public');
  }
  problems.push(...s3Problems(env));

  if (!parsed.success || 'problem' in trustProxy || 'problem' in pushHosts || problems.length > 0) {
    return { ok: false, problems };
  }
  const e = parsed.data;

  const base = e.INIT_CWD ?? cwd;
  const path = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : isAbsolute(value) ? value : resolve(base, value);
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : null;

  return {
    ok: true,
    config: {
      production,
      port: e.PORT ?? 3000,
      host: e.HOST ?? '0.0.0.0',
      dataDir: path(e.DATA_DIR, resolve(REPO_ROOT, 'data')),
      databaseUrl: e.DATABASE_URL ?? null,
      redisUrl: e.REDIS_URL ?? null,
      publicUrl,
      secureCookies: publicUrl?.startsWith('https:') ?? false,
      smtpUrl: e.SMTP_URL ?? null,
      mailOutbox: e.MAIL_OUTBOX ?? false,
      mollieApiKey: e.MOLLIE_API_KEY ?? null,
      demoPayments: e.DEMO_PAYMENTS ?? false,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      vapidSubject: e.VAPID_SUBJECT ?? null,
      pushHosts: pushHosts.value,
      seedDemo: e.SEED_DEMO ?? !production,
      logLevel: e.LOG_LEVEL ?? 'info',
      webDistDir: path(e.WEB_DIST_DIR, resolve(REPO_ROOT, 'apps/web/dist')),
      trustProxy: trustProxy.value,
      eraseJobIntervalMinutes: e.ERASE_JOB_INTERVAL_MINUTES ?? 60,
      jobTickSeconds: e.JOB_TICK_SECONDS ?? 60,
      mailWebhookSecret: e.MAIL_WEBHOOK_SECRET ?? null,
      rateLimitScale: e.RATE_LIMIT_SCALE ?? 1,
      metricsPort: e.METRICS_PORT ?? null,
      metricsToken: e.METRICS_TOKEN ?? null,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT).origin : null,
            region: e.S3_REGION ?? 'us-east-1',
            bucket: e.S3_BUCKET,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : null,
    },
  };
}

/** The .env file read at start: the repository root's, wherever npm or node was started. */
export const DOTENV_PATH = join(REPO_ROOT, '.env');

/**
 * Merges a .env file into `env`; a variable already set (even to an empty value) wins over the
 * file, so a deployment's own environment always has the last word. Parsed with Node's own
 * parser and merged here rather than by process.loadEnvFile, so the rule holds for any `env`
 * object and a test can show it. Returns whether the file existed.
 */
export function loadDotEnv(env: NodeJS.ProcessEnv = process.env, file: string = DOTENV_PATH): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (env[name] === undefined) env[name] = value;
  }
  return true;
}

/**
 * Reads the process environment, merged with the repository's .env file; on any problem
 * prints them all and exits with status 1. Runs before a logger exists, hence plain stderr.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  loadDotEnv(env);
  const result = parseConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(
    `Invalid configuration:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.\n`,
  );
  process.exit(1);
}
