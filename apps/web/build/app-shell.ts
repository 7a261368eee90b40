import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The app shell of a build: the entry chunk, the chunks it imports statically and their styles,
 * from Vite's manifest. Pages and catalogues load on demand, so a first visit does not download
 * every page of the site for the service worker's cache.
 */
export function appShellFiles(distDir: string): Set<string> {
  const file = join(distDir, '.vite', 'manifest.json');
  const shell = new Set<string>();
  if (!existsSync(file)) return shell;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ViteManifestChunk>;
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shell.has(chunk.file)) return;
    shell.add(chunk.file);
    for (const css of chunk.css ?? []) shell.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return shell;
}

/**
 * Keeps the precache to the app shell: of the built scripts and styles only the shell's, and
 * everything else the glob patterns picked (the offline page, the icons).
 */
export function precacheAppShell(distDir: string) {
  return async <T extends { url: string }>(entries: T[]) => {
    const shell = appShellFiles(distDir);
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)),
      warnings: [],
    };
  };
}
