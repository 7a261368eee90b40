import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests render with React 19 itself: Vite's aliases to preact/compat (vite.config.ts)
// do not reach the libraries Vitest loads from node_modules. The production runtime is covered
// by the Playwright suite, which drives the real build.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // Route tests click through whole flows; a loaded CI machine needs more than 5 s for some.
    testTimeout: 20_000,
  },
});
