import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.js';
import { describeMediaStorageContract } from './media-storage.contract.js';
import type { MediaStorage } from './media-storage.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeMediaStorageContract('local disk', async () => createLocalDiskStorage(join(root, 'contract')));

describe('createLocalDiskStorage', () => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = createLocalDiskStorage(join(root, 'media'));
  });

  it('writes a key as a file under the root, creating folders', async () => {
    const key = 'photos/ab/abcdef012345-main.webp';
    await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(await readFile(join(root, 'media', key), 'utf8')).toBe('hello');
  });

  it('leaves no temporary files behind when it replaces a file', async () => {
    const key = 'photos/cd/cdef01234567-thumb.webp';
    await storage.put(key, Buffer.from('one'), 'image/webp');
    await storage.put(key, Buffer.from('two'), 'image/webp');
    expect(await readdir(join(root, 'media', 'photos', 'cd'))).toEqual(['cdef01234567-thumb.webp']);
  });
});
