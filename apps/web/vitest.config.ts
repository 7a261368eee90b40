import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from './build/preact-aliases';

/**
 * Vitest hands the optimizer `react` (and so its subpaths) as excluded, which would leave the
 * bundles importing and requiring React 19 itself. Resolved here first, they get preact/compat.
 */
function preactAliasesInBundles(): Plugin {
  return {
    name: 'preact-aliases-in-bundles',
    resolveId(source, importer, options) {
      const alias = PREACT_ALIASES.find(({ find }) => find.test(source));
      return alias ? this.resolve(alias.replacement, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/**
 * Component tests render on preact/compat, as the build does (the same JSX plugin and aliases as
 * vite.config.ts). Vitest loads node_modules natively, where no alias reaches, so the libraries
 * that import react or react-dom are bundled by the optimizer, which applies the aliases, to their
 * require() calls too. Each entry point the app and the tests import is listed (one left out would
 * run on React 19), and so is what those bundles share with them, so that there is one copy of
 * it: preact itself, i18next (the app's instance) and the DOM testing library, whose settings
 * (act around every event, the wait timeout) user-event has to see.
 */
const REACT_LIBRARIES = [
  '@testing-library/react',
  '@tanstack/react-query',
  'react-bootstrap/Modal',
  'react-hook-form',
  'react-i18next',
  'react-router',
];
const SHARED = ['i18next', '@testing-library/dom', '@testing-library/user-event'];
const PREACT_ENTRIES = ['preact', 'preact/compat', 'preact/compat/client', 'preact/hooks', 'preact/test-utils'];

export default defineProject({
  plugins: [react()],
  resolve: { alias: PREACT_ALIASES },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [...PREACT_ENTRIES, ...REACT_LIBRARIES, ...SHARED],
          rolldownOptions: { plugins: [preactAliasesInBundles()] },
        },
      },
    },
    // Vitest never bundles a JSX runtime: inlined, preact's gets the bundled preact, not a copy of its own.
    server: { deps: { inline: [/[\\/]node_modules[\\/]preact[\\/]jsx-runtime[\\/]/] } },
    // Route tests click through whole flows; a loaded CI machine needs more than 5 s for some.
    testTimeout: 20_000,
  },
});
