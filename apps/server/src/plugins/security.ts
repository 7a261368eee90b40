import type { IncomingMessage } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { rateLimited } from '../errors.js';

/** A route's own rate limit: at most `max` calls per `timeWindow` ms per client (or member). */
export interface RouteLimit {
  max: number;
  timeWindow: number;
}

export interface SecurityPluginOptions {
  config: Pick<Config, 'publicUrl' | 'rateLimitScale'>;
  /** Origins of the CDNs the settings name (cdn_prefix); images and media may come from them. */
  cdnOrigins: () => readonly string[];
  /** Hash sources of the inline <style> blocks the web app's index.html carries. */
  inlineStyleHashes?: readonly string[];
  /** Shared counters across processes; null counts per process. */
  redis: Redis | null;
  rateLimit?: RateLimitSettings;
}

export interface RateLimitSettings {
  /** Requests per window per client address. */
  max?: number;
  timeWindow?: number;
  /** Prefix of the Redis keys; tests give each app its own. */
  nameSpace?: string;
}

/** Security header sets remembered, one per requested host and CDN list. */
const MAX_HEADER_SETS = 256;

/** A hostname with an optional port, as a Host header may carry it; anything else is ignored. */
const HOST_PATTERN = /^[a-z\d.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i;

/**
 * The page's own origin for WebSockets. CSP 'self' covers ws: and wss: only in newer browsers,
 * so the live channel's origin is named explicitly: the requested host (one installation serves
 * several domains), over wss when the site runs on https, over either when it is not known.
 */
function webSocketOrigin(publicUrl: string | null, req: IncomingMessage): string {
  const requested = req.headers.host;
  const host = requested && HOST_PATTERN.test(requested) ? requested : publicUrl ? new URL(publicUrl).host : null;
  if (!host) return '';
  if (!publicUrl) return `ws://${host} wss://${host}`;
  return `${publicUrl.startsWith('https:') ? 'wss' : 'ws'}://${host}`;
}

/**
 * Security headers (helmet) with a Content-Security-Policy the web app runs under: scripts only
 * from our origin and never inline, styles from our origin plus the index page's own inline
 * blocks by hash (React sets style props through the CSSOM, which CSP does not restrict), images from our origin, data:, blob: and the CDNs, no
 * framing. Plus a moderate global rate limit on the API, per client address.
 */
export const securityPlugin = fp<SecurityPluginOptions>(
  async (app, opts) => {
    const https = opts.config.publicUrl?.startsWith('https:') ?? false;
    const cdn = () => opts.cdnOrigins().join(' ');

    // helmet's own middleware, built once: @fastify/helmet builds it again on every request
    // (parsing the CSP directives each time), 3% of the server's CPU under polls answered 304.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", ...(opts.inlineStyleHashes ?? [])],
          imgSrc: ["'self'", 'data:', 'blob:', cdn],
          mediaSrc: ["'self'", 'blob:', cdn],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", (req) => webSocketOrigin(opts.config.publicUrl, req)],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // HSTS only means something over HTTPS; on plain http it would only confuse.
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      crossOriginEmbedderPolicy: false,
    });
    // helmet's headers depend on a request only through the CSP's dynamic sources (the requested
    // host's WebSocket origin, the CDNs): helmet builds them once per such pair, and every other
    // request gets them from memory. helmet joined and validated every directive per request, 8%
    // of the server's CPU under answers kept in member-answers.
    const headersFor = new Map<string, Record<string, string>>();
    app.addHook('onRequest', (request, reply, done) => {
      const key = `${webSocketOrigin(opts.config.publicUrl, request.raw)}\n${cdn()}`;
      const known = headersFor.get(key);
      if (known) {
        void reply.headers(known);
        done();
        return;
      }
      const before = new Set(reply.raw.getHeaderNames());
      securityHeaders(request.raw, reply.raw, (err) => {
        if (err instanceof Error) {
          done(err);
          return;
        }
        const built: Record<string, string> = {};
        for (const name of reply.raw.getHeaderNames()) {
          if (!before.has(name)) built[name] = String(reply.raw.getHeader(name));
        }
        // Host headers come from clients: a flood of made-up hosts starts the memory over.
        if (headersFor.size >= MAX_HEADER_SETS) headersFor.clear();
        headersFor.set(key, built);
        done();
      });
    });

    const limits = opts.rateLimit ?? {};
    const scale = opts.config.rateLimitScale;
    if (scale !== 1) {
      // Registered before the rate-limit plugin's own onRoute hook, so it reads the scaled limits.
      app.addHook('onRoute', (route) => {
        const routeLimit = (route.config as { rateLimit?: { max?: unknown } } | undefined)?.rateLimit;
        if (routeLimit && typeof routeLimit.max === 'number') routeLimit.max *= scale;
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: (limits.max ?? 300) * scale,
      timeWindow: limits.timeWindow ?? 60_000,
      nameSpace: limits.nameSpace ?? 'rate-limit:',
      ...(opts.redis ? { redis: opts.redis } : {}),
      // A Redis outage must not take the site down with it.
      skipOnError: true,
      // Pages, assets and media are cheap static files; the limit guards the API.
      allowList: (request) => !request.url.startsWith('/api/'),
      errorResponseBuilder: () => rateLimited(),
    });
  },
  { name: 'security', dependencies: [] },
);
