import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The compiled server (build.mjs) must find at run time what the sources find beside themselves:
// the migrations, the repository root, the npm packages and the i18n catalogues.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const outName = `.build-test-${process.pid}`;
const outDir = join(serverDir, outName);
const dataDir = mkdtempSync(join(tmpdir(), 'compiled-server-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
  JOB_TICK_SECONDS: '0',
  ERASE_JOB_INTERVAL_MINUTES: '0',
  LOG_LEVEL: 'info',
};

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outName], { cwd: serverDir, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the compiled server and resolves with its URL once it listens. */
function startCompiled(): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [join(outDir, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Site running at (http:\/\/\S+?)"/.exec(output);
      if (match) {
        resolve({
          url: match[1]!,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`compiled server exited (${code}) before listening:\n${output}`)));
  });
}

describe('the compiled server', () => {
  it('builds every entry point with its migrations beside it', () => {
    for (const file of [
      'main.js',
      'main.js.map',
      'create-staff.js',
      'check-ledger.js',
      'migrations/meta/_journal.json',
    ]) {
      expect(existsSync(join(outDir, file)), file).toBe(true);
    }
  });

  it('migrates a fresh database, seeds the reference data and answers', async () => {
    const server = await startCompiled();
    try {
      const res = await fetch(`${server.url}/api/settings.php`, { headers: { 'accept-language': 'de' } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { settings: { name: string; countries: string[] } };
      expect(body.settings.name).toBeTruthy();
      expect(body.settings.countries.length).toBeGreaterThan(0);
      const missing = await fetch(`${server.url}/api/no-such-endpoint.php`, { headers: { 'accept-language': 'de' } });
      expect(missing.status).toBe(404);
      // The errors catalogues are bundled in: the answer is worded in the asked language.
      expect(JSON.stringify(await missing.json())).toContain('Nicht gefunden.');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('runs an operator command on the same database', () => {
    const run = spawnSync(process.execPath, [join(outDir, 'check-ledger.js')], { env, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });
});
