import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { MediaStorage } from './media-storage.js';

describe('createLocalDiskStorage', () => {
  let root: string;
  let storage: MediaStorage;

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'media-'));
    storage = createLocalDiskStorage(join(root, 'media'));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('writes a key under the root, creating folders, and reads it back', async () => {
    const key = 'photos/ab/abcdef012345-main.webp';
    await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(await readFile(join(root, 'media', key), 'utf8')).toBe('hello');
    expect((await storage.get(key))?.toString()).toBe('hello');
  });

  it('replaces an existing file and leaves no temporary files behind', async () => {
    const key = 'photos/ab/abcdef012345-thumb.webp';
    await storage.put(key, Buffer.from('one'), 'image/webp');
    await storage.put(key, Buffer.from('two'), 'image/webp');
    expect((await storage.get(key))?.toString()).toBe('two');
    expect(await readdir(join(root, 'media', 'photos', 'ab'))).toEqual(['abcdef012345-thumb.webp']);
  });

  it('keeps concurrent writes of one key whole', async () => {
    const key = 'photos/cd/cdef01234567-main.webp';
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(bodies.map((body) => storage.put(key, body, 'image/webp')));
    const stored = await storage.get(key);
    expect(bodies.some((body) => stored?.equals(body))).toBe(true);
  });

  it('returns null for a missing key', async () => {
    expect(await storage.get('photos/zz/nothing-main.webp')).toBeNull();
  });

  it('deletes a key, and deleting it again is not an error', async () => {
    const key = 'photos/ef/ef0123456789-match.webp';
    await storage.put(key, Buffer.from('x'), 'image/webp');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it.each([
    '../escape.webp',
    'photos/../../escape.webp',
    'photos/./x.webp',
    '/etc/passwd',
    'C:/windows/x',
    'photos\\ab\\x.webp',
    'photos//x.webp',
    '.hidden',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
    await expect(storage.get(key)).rejects.toThrow(/Invalid media key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid media key/);
  });
});
