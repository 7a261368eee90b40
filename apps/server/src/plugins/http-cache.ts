import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body with its validator, computed once and kept as long as the body is cached. */
export interface Cacheable<T> {
  body: T;
  etag: string;
}

/**
 * ETag of a JSON body: the same data always gives the same tag, on every process. Weak, since
 * the same data goes out as Brotli, gzip or plain bytes, and a strong tag names the bytes.
 */
export function withEtag<T>(body: T): Cacheable<T> {
  const hash = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27);
  return { body, etag: `W/"${hash}"` };
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
 * Answers a cacheable GET: Cache-Control and ETag on every answer, and 304 without a body when
 * the client already holds this version.
 */
export function sendCacheable<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Cacheable<T>,
  cacheControl: string,
): T | FastifyReply {
  reply.header('cache-control', cacheControl).header('etag', entry.etag);
  if (isNotModified(request, entry.etag)) return reply.code(304).send();
  return entry.body;
}
