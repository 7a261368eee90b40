import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons } from './build/app-icons';
import { precacheAppShell } from './build/app-shell';
import { PREACT_ALIASES } from './build/preact-aliases';
import { precompressAssets } from './build/precompress';

/** Where the dev server sends /api and /media: the API server (npm run dev starts it on :3000). */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

const WORKSPACE_SOURCES = /[\\/]packages[\\/](shared|i18n)[\\/]src[\\/]/;

/**
 * The shared packages hold only constants, pure functions and zod schemas, but as workspace
 * sources they declare no `sideEffects`. Saying so lets the bundler drop what a chunk does not
 * use: importing a constant must not drag zod and every schema into the first load.
 */
function pureWorkspacePackages(): Plugin {
  return {
    name: 'pure-workspace-packages',
    transform(_code, id) {
      return WORKSPACE_SOURCES.test(id) ? { moduleSideEffects: false } : null;
    },
  };
}

/**
 * The service worker is our own (src/sw.ts: push, badge, offline page); the plugin builds it and
 * injects the list of files to precache: the app shell (entry chunk, its static imports and
 * styles), the offline page and the icons. The manifest comes from the server, per domain (/manifest.webmanifest).
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css}', 'offline.html', 'offline.css', 'favicon.svg', 'icons/*.png'],
    manifestTransforms: [precacheAppShell(`${import.meta.dirname}/dist`)],
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    pureWorkspacePackages(),
    appIcons(`${import.meta.dirname}/src/assets/app-icon.svg`),
    serviceWorker,
    precompressAssets(`${import.meta.dirname}/dist`),
  ],
  resolve: { alias: PREACT_ALIASES },
  server: {
    proxy: {
      // ws: the live channel at /api/live is a WebSocket.
      '/api': { target: API_TARGET, ws: true },
      '/media': { target: API_TARGET },
      '/manifest.webmanifest': { target: API_TARGET },
    },
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its own deprecation
        // warnings are not ours to fix and would drown real ones.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.mjs reads the manifest to measure what each route loads first.
    manifest: true,
    target: 'es2022',
    // Every browser the es2022 target reaches preloads modules itself (Safari from 17); older
    // ones still load every chunk, only later. The polyfill would cost every first load.
    modulePreload: { polyfill: false },
    // The entry lists every lazy chunk's file (for preloading): without the readable name
    // before each hash, that list costs every first load about 1.1 KB gzip less (npm run bench:bundle).
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
});
