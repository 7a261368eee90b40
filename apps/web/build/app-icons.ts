import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** One generated icon, as the manifest lists it (apps/server/src/modules/pwa reads icons.json). */
export interface AppIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable' | 'monochrome';
}

interface IconSpec {
  file: string;
  size: number;
  /** any: rounded; maskable: full bleed (the platform cuts its own shape); badge: white silhouette. */
  kind: 'any' | 'maskable' | 'apple' | 'badge';
}

/** Every icon the app needs, all from the one source image. */
export const ICON_SPECS: readonly IconSpec[] = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-192.png', size: 192, kind: 'maskable' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  // iOS rounds its home-screen icons itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
  // The small monochrome badge Android shows in the status bar for a notification.
  { file: 'badge-96.png', size: 96, kind: 'badge' },
];

const ICONS_DIR = 'icons';

/** A rounded-square mask: 'any' icons keep the favicon's soft corners on every platform. */
function roundedMask(size: number): Buffer {
  const radius = Math.round(size * 0.22);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
}

/** The white parts of the source (the heart) as a white shape on transparency. */
async function badge(source: Buffer, size: number): Promise<Buffer> {
  const alpha = await sharp(source).resize(size, size).greyscale().threshold(235).raw().toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: '#ffffff' } })
    .joinChannel(alpha, { raw: { width: size, height: size, channels: 1 } })
    .png()
    .toBuffer();
}

async function render(source: Buffer, spec: IconSpec): Promise<Buffer> {
  const base = sharp(source, { density: 300 }).resize(spec.size, spec.size);
  if (spec.kind === 'badge') return badge(source, spec.size);
  if (spec.kind === 'any') {
    return base
      .composite([{ input: roundedMask(spec.size), blend: 'dest-in' }])
      .png()
      .toBuffer();
  }
  return base.flatten({ background: '#7a4a1d' }).png().toBuffer();
}

function manifestEntry(spec: IconSpec): AppIcon | null {
  if (spec.kind === 'apple') return null;
  return {
    src: `/${ICONS_DIR}/${spec.file}`,
    sizes: `${spec.size}x${spec.size}`,
    type: 'image/png',
    purpose: spec.kind === 'badge' ? 'monochrome' : spec.kind,
  };
}

/** Every icon file (path under the build's root) with its bytes, and the manifest's list. */
export async function generateIcons(sourceFile: string): Promise<{ files: Map<string, Buffer>; list: AppIcon[] }> {
  const source = readFileSync(sourceFile);
  const files = new Map<string, Buffer>();
  for (const spec of ICON_SPECS) files.set(`${ICONS_DIR}/${spec.file}`, await render(source, spec));
  const list = ICON_SPECS.map(manifestEntry).filter((entry): entry is AppIcon => entry !== null);
  files.set(`${ICONS_DIR}/icons.json`, Buffer.from(JSON.stringify(list, null, 2)));
  return { files, list };
}

/**
 * Generates the app's icons from one source image at build time (no committed binaries): they
 * are emitted into the build before the service worker's precache list is made, and served from
 * memory by the dev server.
 */
export function appIcons(sourceFile: string): Plugin {
  let generated: Promise<Map<string, Buffer>> | null = null;
  const icons = () => (generated ??= generateIcons(sourceFile).then((result) => result.files));
  return {
    name: 'app-icons',
    async generateBundle() {
      for (const [fileName, source] of await icons()) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0]?.slice(1) ?? '';
        if (!path.startsWith(`${ICONS_DIR}/`)) return next();
        icons().then((files) => {
          const file = files.get(path);
          if (!file) return next();
          response.setHeader('content-type', path.endsWith('.json') ? 'application/json' : 'image/png');
          response.end(file);
        }, next);
      });
    },
  };
}
