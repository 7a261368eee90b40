import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web features, each a folder of apps/web/src/features. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Module borders: a module asks another module's service (passed in by app.ts). Only
    // directory (who may see or reach whom) and credits (the one writer of balances) are read
    // by other modules' repositories and services.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!directory/|credits/)[a-z-]+/[a-z.-]+\\.(repository|routes)\\.js$',
              message: "Ask the other module's service, or modules/directory or modules/credits.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Web borders: a feature imports no other feature (what several read lives in data/ and
  // components/; the app shell composes features), and the console imports no feature.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((other) => other !== feature).join('|')})/`,
              message:
                'Features do not import each other: shared data goes to src/data, shared parts to src/components, and src/app composes features.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/admin/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+features/',
              message: 'The console shares only the design system, src/lib and src/data with the member site.',
            },
          ],
        },
      ],
    },
  },
);
