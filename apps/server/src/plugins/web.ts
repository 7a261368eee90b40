import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { localeEntry } from '@app/i18n';
import { matchRoute, type Locale, type RouteMatch } from '@app/shared';
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
  lang: Locale;
  /** Without one, index.html's title and description stay (a page whose body is only its shape). */
  title?: string;
  description?: string;
  /** Trusted HTML: every text in it must already be escaped. */
  body: string;
  /**
   * The image the page's app will paint largest (a lander's first photo), fetched with the HTML
   * instead of after the app's code and data: it is then ready when the app shows the page.
   */
  preloadImage?: string | null;
  /**
   * The app's modules the page needs beyond the entry (its layout, page, design and catalogues),
   * as keys of Vite's manifest: their chunks are preloaded with the HTML instead of one after
   * the other once the entry has run.
   */
  modules?: string[];
}

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest key of a catalogue chunk (apps/web/src/lib/i18n.ts loads them by this glob). */
export const catalogueModule = (locale: Locale, namespace: string) =>
  `../../packages/i18n/locales/${localeEntry(locale).file}/${namespace}.json`;

/** The built files of the given modules and everything they import, scripts and styles. */
function chunkFiles(manifest: Manifest, keys: Iterable<string>, into = new Set<string>()): Set<string> {
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return into;
}

/** What index.html loads of each build, worked out once. */
const entryFiles = new WeakMap<Manifest, Set<string>>();

/**
 * Preload links for a page's modules, leaving out what index.html loads already (the entry and
 * its static imports). Styles are preloaded, not applied: the app adds them when it imports
 * the chunk, and a stylesheet link would hold the server-rendered text's first paint.
 */
export function modulePreloads(manifest: Manifest, modules: string[]): string {
  let loaded = entryFiles.get(manifest);
  if (!loaded) {
    loaded = chunkFiles(
      manifest,
      Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
    );
    entryFiles.set(manifest, loaded);
  }
  return [...chunkFiles(manifest, modules)]
    .filter((file) => !loaded.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" href="/${escapeHtml(file)}" />`
        : `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    )
    .join('\n');
}

/** Renders a matched route's page, or null for a page the app alone renders. */
export type Prerender = (request: FastifyRequest, match: RouteMatch) => Promise<PrerenderedPage | null>;

/**
 * index.html with a prerendered page's language, title, description and body put in; the body
 * replaces what index.html holds between its <!--prerender--> markers (the boot splash).
 */
export function withPrerendered(indexHtml: string, page: PrerenderedPage, manifest: Manifest = {}): string {
  const head = [
    page.preloadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(page.preloadImage)}" fetchpriority="high" />`
      : '',
    // Every page starts i18n with the shell's texts (in the page's language, most likely, and nl).
    modulePreloads(manifest, [
      ...(page.modules ?? []),
      catalogueModule(page.lang, 'common'),
      catalogueModule('nl', 'common'),
    ]),
  ].filter(Boolean);
  const { title, description } = page;
  let html = indexHtml.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(page.lang)}"`);
  if (title !== undefined) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  if (description !== undefined) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" data-page />`,
    );
  }
  return html
    .replace('</head>', () => [...head, '</head>'].join('\n'))
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

type HtmlEncoding = 'br' | 'gzip';

/**
 * The encoding of an Accept-Encoding header the server should answer with: Brotli or gzip, the
 * one with the higher q-value (Brotli on a tie), or none.
 */
export function pickEncoding(header: string | undefined): HtmlEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (token: HtmlEncoding) => weights.get(token) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** A page of a few KB: a middle Brotli level compresses it in well under a millisecond. */
function compressHtml(html: string, encoding: HtmlEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
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
  const manifestFile = join(webDistDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  /** The unchanged index.html, compressed once per encoding. */
  const compressedIndex = new Map<HtmlEncoding, Buffer>();
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
          if (page) html = withPrerendered(indexHtml, page, manifest);
        } catch (err) {
          // The app renders the page itself; a failed prerender only costs the early content.
          request.log.error({ err, route: match.route.name }, 'prerender failed');
        }
      }
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .header('vary', 'accept-encoding');
      // The not-found handler is no route, so the global compression hook does not reach it.
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding || html.length < 1024) return reply.send(html);
      let body = html === indexHtml ? compressedIndex.get(encoding) : undefined;
      if (!body) {
        body = compressHtml(html, encoding);
        if (html === indexHtml) compressedIndex.set(encoding, body);
      }
      return reply.header('content-encoding', encoding).send(body);
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
      // The build writes .br and .gz copies of the hashed text assets (apps/web/build/precompress.ts),
      // sent from their asset's route: a route of their own would double the start's route building
      // (about a second). The Vite manifest is read at start, not served.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
      setHeaders(res, filePath) {
        const inAssets = relative(webDistDir, filePath).split(sep)[0] === 'assets';
        res.setHeader('cache-control', inAssets ? IMMUTABLE : REVALIDATE);
        // One URL, a Brotli, gzip or plain body: caches must key on the encoding asked for.
        if (inAssets) res.setHeader('vary', 'accept-encoding');
      },
    });
  },
  { name: 'web' },
);
