import type { MediaStorage } from './media-storage.js';

/** A key nothing is stored under: reading it costs one lookup and no transfer. */
export const PROBE_KEY = 'readiness/probe';

/**
 * Resolves when the storage answers, for readiness: a read of a missing key comes back null
 * from a working storage and throws from one that cannot be reached. Works on any MediaStorage
 * (local disk, a bucket) and never writes.
 */
export async function storageAnswers(storage: MediaStorage): Promise<void> {
  await storage.get(PROBE_KEY);
}
