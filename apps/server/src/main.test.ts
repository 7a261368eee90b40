import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test/server-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'main-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('starting the server in production mode with unsafe settings', () => {
  it('exits non-zero, lists every problem and touches nothing in DATA_DIR', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      // Empty is unset, and wins over a developer's .env file.
      PUBLIC_URL: 'http://example.com',
      SMTP_URL: '',
      MAIL_OUTBOX: '',
      MOLLIE_API_KEY: '',
      DEMO_PAYMENTS: '',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      RATE_LIMIT_SCALE: '50',
    });
    const code = await server.exited;
    const stderr = server.output();
    expect(code).not.toBe(0);
    expect(stderr).toContain('Invalid configuration');
    for (const name of ['PUBLIC_URL', 'SMTP_URL', 'MOLLIE_API_KEY', 'SEED_DEMO', 'RATE_LIMIT_SCALE']) {
      expect(stderr).toMatch(new RegExp(`^  - ${name}`, 'm'));
    }
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
