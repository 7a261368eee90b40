import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/**
 * An answer serialized once, with its validator, kept as long as the answer is cached: a hit
 * costs neither the route's serializer (a zod parse of the whole answer) nor a hash.
 */
export interface Cacheable<T> {
  body: T;
  json: string;
  etag: string;
}

/**
 * ETag of a JSON text: the same data always gives the same tag, on every process. Weak, since
 * the same data goes out as Brotli, gzip or plain bytes, and a strong tag names the bytes.
 */
export function etagOf(json: string): string {
  return `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
}

/** Serializes an answer through its route's contract, as fastify's serializer would per answer. */
export function cacheable<T>(schema: z.ZodType<T>, body: T): Cacheable<T> {
  const json = JSON.stringify(schema.parse(body));
  return { body, json, etag: etagOf(json) };
}

/** Whether the client's If-None-Match names this ETag (weak comparison, lists and * included). */
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === opaque);
}

/**
 * Answers a cached GET: Cache-Control and ETag on every answer, and 304 without a body when
 * the client already holds this version.
 */
export function sendCacheable(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Cacheable<unknown>,
  cacheControl: string,
): FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', entry.etag);
  if (isNotModified(request, entry.etag)) return reply.code(304).send();
  // A string with a JSON content type goes out as it is, past the route's serializer.
  return reply.type('application/json; charset=utf-8').send(entry.json);
}

/**
 * Conditional GETs for every API answer: a 200 with a JSON body gets a weak ETag over that
 * body, and a request whose If-None-Match names it gets 304 without a body, so a poll whose
 * answer did not change costs no transfer and no parse in the browser. The answer's own
 * Cache-Control stays (members' answers say no-store: the API client keeps the last body in
 * memory, the browser stores nothing). The tag names the body only: another member's answer
 * differs, and an identical answer may be revalidated by anyone who holds it. Answers that set
 * a cookie (logout) are left alone, so a 304 never stands in for a cookie change. Runs before
 * compression (route-level onSend hooks come after the app's), over the serialized text.
 */
export const httpCachePlugin = fp(
  async (app) => {
    // A callback, not a promise: every request passes it.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        !request.url.startsWith('/api/') ||
        reply.hasHeader('etag') ||
        reply.hasHeader('set-cookie') ||
        !String(reply.getHeader('content-type') ?? '').includes('json')
      ) {
        done(null, payload);
        return;
      }
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (!isNotModified(request, etag)) {
        done(null, payload);
        return;
      }
      reply.code(304).removeHeader('content-type');
      done(null, null);
    });
  },
  { name: 'http-cache' },
);
