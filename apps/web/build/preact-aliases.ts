/**
 * The React API runs on preact/compat: react-dom alone is about 65 KB gzip, which with the
 * router, query cache and i18n would put the first load far over its 100 KB budget. The build
 * (vite.config.ts) and the component tests (vitest.config.ts) both resolve through these, so the
 * tests render with what ships.
 */
export const PREACT_ALIASES: { find: RegExp; replacement: string }[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // react-i18next reaches the hook through the shim for React 17; preact/compat has it built in.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
