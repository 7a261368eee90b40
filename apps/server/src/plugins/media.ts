import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import {
  assertValidMediaKey,
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  type MediaStorage,
} from '../platform/storage/index.js';

export interface MediaPluginOptions {
  storage: MediaStorage;
  /** The local disk root the storage writes to, served as static files; null serves through the storage. */
  localDir: string | null;
}

/**
 * Serves media under /media/ when the settings' cdn_prefix is empty. Local disk is served as
 * static files (ranges, ETags, streaming); a bucket through the storage, so every process
 * behind a load balancer serves every upload, whichever process stored it. Stored keys never
 * change content, so both cache for a year; any origin may embed them (a CDN on its own domain).
 */
export const mediaPlugin = fp<MediaPluginOptions>(
  async (app, { storage, localDir }) => {
    if (localDir !== null) {
      mkdirSync(localDir, { recursive: true });
      await app.register(fastifyStatic, {
        root: localDir,
        prefix: '/media/',
        decorateReply: false,
        wildcard: true,
        index: false,
        list: false,
        serveDotFiles: false,
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('cache-control', IMMUTABLE_CACHE_CONTROL);
          res.setHeader('cross-origin-resource-policy', 'cross-origin');
        },
      });
      return;
    }

    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      try {
        assertValidMediaKey(key);
      } catch {
        return reply.callNotFound();
      }
      const data = await storage.get(key);
      if (!data) return reply.callNotFound();
      reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.type(contentTypeOf(key)).send(data);
    });
  },
  { name: 'media' },
);
