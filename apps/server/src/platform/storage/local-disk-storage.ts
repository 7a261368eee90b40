import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep, isAbsolute } from 'node:path';
import { assertValidMediaKey, type MediaStorage } from './media-storage.js';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * Media on local disk under `rootDir`, for the embedded single-machine shape. The content type
 * is not stored: whoever serves the files derives it from the key's extension.
 */
export function createLocalDiskStorage(rootDir: string): MediaStorage {
  const root = resolve(rootDir);

  /** Resolves a key inside the root; the key check already refuses escapes, this double-checks. */
  function pathOf(key: string): string {
    assertValidMediaKey(key);
    const path = resolve(root, key);
    const rel = relative(root, path);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) {
      throw new Error(`Invalid media key: "${key}" leaves the storage root`);
    }
    return path;
  }

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Write beside the target and rename: rename is atomic on one file system, so a reader
      // sees either the old file or the complete new one, never a partial write.
      const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, data);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
