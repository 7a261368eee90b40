import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { matchRoute, type RouteMatch } from '@app/shared';
import type { PageFallback } from './errors.js';

/** Vite puts content-hashed files under assets/: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the service worker, the manifest) is revalidated every time. */
const REVALIDATE = 'no-cache';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page the server renders into index.html before the app starts: landers and content pages,
 * so search engines and slow phones get the text, title and description in the first response.
 * The app replaces the rendered body when it mounts.
 */
export interface PrerenderedPage {
  lang: string;
  title: string;
  description: string;
  /** Trusted HTML: every text in it must already be escaped. */
  body: string;
}

/** Renders a matched route's page, or null for a page the app alone renders. */
export type Prerender = (request: FastifyRequest, match: RouteMatch) => Promise<PrerenderedPage | null>;

/**
 * index.html with a prerendered page's language, title, description and body put in; the body
 * replaces what index.html holds between its <!--prerender--> markers (the boot splash).
 */
export function withPrerendered(indexHtml: string, page: PrerenderedPage): string {
  return indexHtml
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(page.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" data-page />`,
    )
    .replace(/<!--prerender-->[\s\S]*?<!--\/prerender-->/, () => page.body);
}

/** Served when the web app has not been built (API tests, a fresh checkout before npm run build). */
function placeholderPage(status: 200 | 404): string {
  const text =
    status === 404
      ? 'This page could not be found.'
      : 'The web app has not been built yet: run npm run build, then reload this page.';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status === 404 ? 'Not found' : 'Amoria'}</title></head>
<body><main><h1>${escapeHtml(text)}</h1><p><a href="/">Home</a></p></main></body>
</html>
`;
}

/** The built web app as the server needs it at start. */
export interface WebApp {
  /** Answers GETs outside /api and /media with the app's page (see createPageFallback). */
  pageFallback: PageFallback;
  /**
   * CSP sources ('sha256-...') of the inline <style> blocks of index.html (Vite inlines a tiny
   * boot-splash style): exactly those blocks are allowed, without 'unsafe-inline'.
   */
  inlineStyleHashes: string[];
}

/** 'sha256-...' of every <style> element's text, as CSP hash sources. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * Reads the build once at start. A GET outside /api and /media gets the app's index.html, with
 * status 200 when a route of the shared route table matches the path, or the path is the operator
 * console's (/admin), and 404 otherwise (the app then renders its 404 page). Server and client use
 * the same table, so they never disagree.
 */
export function loadWebApp(webDistDir: string, prerender: Prerender | null = null): WebApp {
  const indexFile = join(webDistDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  return {
    inlineStyleHashes: indexHtml ? inlineStyleHashes(indexHtml) : [],
    pageFallback: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const match = matchRoute(pathname);
      // The operator console routes itself inside the app; it is never for search engines.
      const consolePath = pathname === '/admin' || pathname.startsWith('/admin/');
      if (consolePath) reply.header('x-robots-tag', 'noindex, nofollow');
      const status = match || consolePath ? 200 : 404;
      let html = indexHtml ?? placeholderPage(status);
      if (indexHtml && match && prerender) {
        try {
          const page = await prerender(request, match);
          if (page) html = withPrerendered(indexHtml, page);
        } catch (err) {
          // The app renders the page itself; a failed prerender only costs the early content.
          request.log.error({ err, route: match.route.name }, 'prerender failed');
        }
      }
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html);
    },
  };
}

/**
 * Serves the built web app's files. Routes are created per file at start (the build does not
 * change while the server runs), so a page path costs no file-system lookup.
 */
export const webPlugin = fp<{ webDistDir: string }>(
  async (app, { webDistDir }) => {
    if (!existsSync(join(webDistDir, 'index.html'))) {
      app.log.warn({ webDistDir }, 'web app not built; serving a placeholder page');
      return;
    }
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      serveDotFiles: false,
      setHeaders(res, filePath) {
        const inAssets = relative(webDistDir, filePath).split(sep)[0] === 'assets';
        res.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
      },
    });
  },
  { name: 'web' },
);
