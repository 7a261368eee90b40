import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { pushServiceCertificate, pushServicePorts } from './e2e/push-service';

const port = Number(process.env.E2E_PORT ?? 3210);
// A fresh embedded database per run, so every run starts from the seeded demo site.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dating-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The push test's stand-in push service speaks HTTPS with a certificate the server must trust.
const pushService = pushServiceCertificate(dataDir);

/** Debian's Chromium; Playwright's own browser downloads are not available here. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone',
      testIgnore: /console\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions },
    },
    {
      name: 'desktop',
      testIgnore: /console\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    // The operator console changes site settings the member-facing specs read: it runs after them.
    {
      name: 'console',
      testMatch: /console\.spec\.ts/,
      dependencies: ['phone', 'desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    url: `http://localhost:${port}/api/settings.php`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    // The suite signs up and logs in dozens of members from one address.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '10',
      NODE_EXTRA_CA_CERTS: pushService.certFile,
      PUSH_HOSTS: pushServicePorts()
        .map((p) => `127.0.0.1:${p}`)
        .join(','),
    },
  },
});
