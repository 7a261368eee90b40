import { readdir, readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { assertValidMediaKey, contentTypeOf } from './media-storage.js';
import type { S3MediaStorage } from './s3-storage.js';

export interface CopyCounts {
  /** Files under the media folder that are media keys. */
  found: number;
  copied: number;
  /** Already in the bucket with the same size: left alone, so a second run copies nothing. */
  present: number;
  failed: number;
  /** Files that are no media key (a local write's leftover temporary file, a stray file). */
  ignored: number;
}

/** A local write in progress or interrupted: `<key>.<random>.tmp` beside its file. */
const TEMPORARY = /\.[0-9a-f]+\.tmp$/;

function isMediaKey(key: string): boolean {
  if (TEMPORARY.test(key)) return false;
  try {
    assertValidMediaKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies the media of a local disk storage (DATA_DIR/media) into a bucket, under the same keys.
 * Keys name their content for good, so an object already there with the same size is the same
 * file and is skipped: the copy can be run again after a failure or while the old server still
 * takes uploads, and copies only what is new.
 */
export async function copyMediaToBucket(opts: {
  sourceDir: string;
  bucket: S3MediaStorage;
  concurrency?: number;
  onFailure?: (key: string, error: unknown) => void;
}): Promise<CopyCounts> {
  const counts: CopyCounts = { found: 0, copied: 0, present: 0, failed: 0, ignored: 0 };
  const keys: string[] = [];
  for (const entry of await readdir(opts.sourceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const key = join(entry.parentPath, entry.name)
      .slice(opts.sourceDir.length + 1)
      .split(sep)
      .join('/');
    if (isMediaKey(key)) keys.push(key);
    else counts.ignored += 1;
  }
  counts.found = keys.length;

  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        const path = join(opts.sourceDir, ...key.split('/'));
        const [local, remote] = await Promise.all([stat(path), opts.bucket.size(key)]);
        if (remote === local.size) {
          counts.present += 1;
          continue;
        }
        await opts.bucket.put(key, await readFile(path), contentTypeOf(key));
        counts.copied += 1;
      } catch (error) {
        counts.failed += 1;
        opts.onFailure?.(key, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 8, keys.length)) }, worker));
  return counts;
}
