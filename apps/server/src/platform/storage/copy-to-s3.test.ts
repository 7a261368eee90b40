import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { copyMediaToBucket } from './copy-media.js';
import { createS3Storage, type S3MediaStorage } from './s3-storage.js';

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let standIn: S3StandIn;
let bucket: S3MediaStorage;
let dataDir: string;
beforeAll(async () => {
  standIn = await startS3StandIn();
  bucket = await createS3Storage(standIn.config);
  dataDir = mkdtempSync(join(tmpdir(), 'copy-to-s3-'));
});
afterAll(async () => {
  bucket?.close();
  await standIn?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Writes files under `<root>/<key>`, as local disk storage does. */
function writeMedia(root: string, files: Record<string, string | Buffer>): void {
  for (const [key, data] of Object.entries(files)) {
    mkdirSync(join(root, ...key.split('/').slice(0, -1)), { recursive: true });
    writeFileSync(join(root, ...key.split('/')), data);
  }
}

/** Runs `npm run media:copy-to-s3 -w @app/server` as an operator would, with this environment. */
function runCommand(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'media:copy-to-s3', '-w', '@app/server'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('copyMediaToBucket', () => {
  it('copies every media file under its key, skips what the bucket has with the same size, ignores the rest', async () => {
    const root = join(dataDir, 'function', 'media');
    writeMedia(root, {
      'photos/ab/ab0123456789abcd-main.webp': 'main photo',
      'photos/ab/ab0123456789abcd-thumb.webp': 'thumb',
      'chat/cd/cd0123456789abcd-full.webp': Buffer.alloc(70_000, 3),
      'photos/ef/ef0123456789abcd-main.webp': 'same size',
      'photos/ef/ef0123456789abcd-thumb.webp': 'new content, longer',
      'photos/ab/ab0123456789abcd-match.webp.3f9a2c.tmp': 'a write cut short',
      '.DS_Store': 'stray',
    });
    await bucket.put('photos/ef/ef0123456789abcd-main.webp', Buffer.from('SAME SIZE'), 'image/webp');
    await bucket.put('photos/ef/ef0123456789abcd-thumb.webp', Buffer.from('old'), 'image/webp');

    const first = await copyMediaToBucket({ sourceDir: root, bucket });
    expect(first).toEqual({ found: 5, copied: 4, present: 1, failed: 0, ignored: 2 });
    expect((await bucket.get('photos/ab/ab0123456789abcd-main.webp'))?.toString()).toBe('main photo');
    expect((await bucket.get('chat/cd/cd0123456789abcd-full.webp'))?.equals(Buffer.alloc(70_000, 3))).toBe(true);
    expect((await bucket.get('photos/ef/ef0123456789abcd-thumb.webp'))?.toString()).toBe('new content, longer');
    expect(await bucket.get('photos/ab/ab0123456789abcd-match.webp.3f9a2c.tmp')).toBeNull();

    const again = await copyMediaToBucket({ sourceDir: root, bucket });
    expect(again).toEqual({ found: 5, copied: 0, present: 5, failed: 0, ignored: 2 });
  });
});

describe('npm run media:copy-to-s3', () => {
  it('copies DATA_DIR/media into the bucket, prints the counts, and copies nothing the second time', async () => {
    const commandDataDir = join(dataDir, 'command');
    writeMedia(join(commandDataDir, 'media'), {
      'photos/gh/gh0123456789abcd-main.webp': 'one',
      'chat/ij/ij0123456789abcd-thumb.webp': 'two',
    });
    const env = { DATA_DIR: commandDataDir, ...standIn.env };
    const first = await runCommand(env);
    expect(first.stderr).not.toMatch(/failed:/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('2 files: 2 copied, 0 already in the bucket, 0 failed');
    expect((await bucket.get('chat/ij/ij0123456789abcd-thumb.webp'))?.toString()).toBe('two');

    const second = await runCommand(env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('2 files: 0 copied, 2 already in the bucket, 0 failed');
  }, 60_000);

  it('exits non-zero when files cannot be copied, and without a bucket configured', async () => {
    const commandDataDir = join(dataDir, 'command');
    const missing = await runCommand({ DATA_DIR: commandDataDir, ...standIn.env, S3_BUCKET: 'no-such-bucket' });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('2 files: 0 copied, 0 already in the bucket, 2 failed');
    expect(missing.stderr).toContain('failed: photos/gh/gh0123456789abcd-main.webp');

    const unset = await runCommand({ DATA_DIR: commandDataDir });
    expect(unset.code).not.toBe(0);
    expect(unset.stderr).toContain('S3_BUCKET is not set');
  }, 60_000);
});
