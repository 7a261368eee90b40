import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ManifestIconSchema, presentManifest, WebManifestSchema, type ManifestIcon } from './pwa.presenter.js';

/** Where the web build lists the icons it generated from the one source image. */
export const ICONS_LIST = join('icons', 'icons.json');

/**
 * The icons of the built web app, read once at start (the build does not change while the server
 * runs). Without a build there are none: the manifest still answers, as the page does.
 */
export function loadManifestIcons(webDistDir: string, log: FastifyBaseLogger): ManifestIcon[] {
  const file = join(webDistDir, ICONS_LIST);
  if (!existsSync(file)) return [];
  const parsed = z.array(ManifestIconSchema).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    log.error({ file }, 'the icon list of the web build is invalid; the manifest lists no icons');
    return [];
  }
  return parsed.data;
}

/**
 * GET /manifest.webmanifest: the installable app's manifest for the requesting domain (its name,
 * description and language), with the icons of the web build. Revalidated on every load, so a
 * renamed site shows in the installed app.
 */
export const pwaRoutes: FastifyPluginAsyncZod<{ webDistDir: string }> = async (app, { webDistDir }) => {
  const icons = loadManifestIcons(webDistDir, app.log);
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['settings'],
        summary: 'Web app manifest of the requesting domain',
        response: { 200: WebManifestSchema },
      },
    },
    async (request, reply) => {
      const { settings } = await request.site();
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return presentManifest(settings, icons);
    },
  );
};
