/**
 * Times the demo seed on a fresh in-memory database:
 *   npx tsx apps/server/src/db/seed/demo/measure.ts [count=300] [mediaDir]
 * Photos go to a temporary folder (removed afterwards) unless a media folder is given, which
 * is handy for looking at the pictures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../client.js';
import { createLocalDiskStorage } from '../../../platform/storage/index.js';
import { insertReferenceFixture } from './reference-fixture.js';
import { seedDemo } from './seed.js';

const count = Number(process.argv[2] ?? 300);
const keep = process.argv[3];
const dir = keep ?? (await mkdtemp(join(tmpdir(), 'demo-seed-')));
const database = await openDatabase({ dataDir: 'memory://' });
try {
  await insertReferenceFixture(database.db);
  const started = performance.now();
  const result = await seedDemo({
    db: database.db,
    storage: createLocalDiskStorage(dir),
    count,
    log: { info: (obj, msg) => process.stdout.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`seeded=${result.seeded} members=${count} in ${seconds} s; media in ${dir}\n`);
} finally {
  await database.close();
  if (!keep) await rm(dir, { recursive: true, force: true });
}
