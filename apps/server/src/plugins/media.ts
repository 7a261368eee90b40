import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves local media (photos) under /media/ from the media root. Stored files never change under
 * the same name, so they are cached for a year. Allowed cross-origin, so a CDN in front of this
 * path may serve them on its own domain.
 */
export const mediaPlugin = fp<{ mediaDir: string }>(
  async (app, { mediaDir }) => {
    mkdirSync(mediaDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      wildcard: true,
      index: false,
      list: false,
      serveDotFiles: false,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        res.setHeader('cross-origin-resource-policy', 'cross-origin');
      },
    });
  },
  { name: 'media' },
);
