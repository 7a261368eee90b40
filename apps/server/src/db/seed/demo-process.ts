import { fork } from 'node:child_process';
import type { MediaStorage } from '../../platform/storage/index.js';
import type { Db } from '../client.js';
import { seedDemo, type SeedDemoResult } from './demo.js';

/**
 * The demo seed runs in a short-lived child process of the server. Rendering some 635 portraits
 * through sharp leaves about 120 MB of native memory behind that the server would hold for the
 * rest of its life; a child returns it to the system when it exits, so the server itself holds
 * what a second start holds.
 */
const CHILD_FLAG = 'AMORIA_DEMO_SEED_CHILD';

/** Whether this process is the seeding child that `seedDemoInChildProcess` started. */
export function isDemoSeedChild(): boolean {
  return process.env[CHILD_FLAG] === '1' && typeof process.send === 'function';
}

/**
 * Starts this same entry point again (with the parent's Node flags, so tsx's loader or the
 * compiled bundle alike) as the seeding child, and resolves with its result once it exited.
 * The caller must have closed an embedded database first: PGlite's files take one process.
 */
export function seedDemoInChildProcess(): Promise<SeedDemoResult> {
  const entry = process.argv[1];
  if (!entry) return Promise.reject(new Error('cannot start the demo seed: no entry script'));
  return new Promise((resolve, reject) => {
    const child = fork(entry, process.argv.slice(2), { env: { ...process.env, [CHILD_FLAG]: '1' } });
    let result: SeedDemoResult | null = null;
    child.on('message', (message) => {
      result = message as SeedDemoResult;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`the demo seed process failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The child's whole life: seed, hand the result to the parent, close. */
export async function runDemoSeedChild(opts: {
  db: Db;
  storage: MediaStorage;
  log: { info(obj: object, msg?: string): void };
}): Promise<void> {
  const result = await seedDemo(opts);
  await new Promise<void>((resolve, reject) =>
    process.send?.(result, (err: Error | null) => (err ? reject(err) : resolve())),
  );
}
