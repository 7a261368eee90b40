import { join } from 'node:path';
import type { Config } from '../../config.js';
import { createLocalDiskStorage } from './local-disk-storage.js';
import type { MediaStorage } from './media-storage.js';
import { createS3Storage } from './s3-storage.js';

/** Where local media live: under DATA_DIR, whatever storage writes them. */
export function mediaDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'media');
}

/**
 * The one place that decides where media live: the bucket when S3_BUCKET is set, else local
 * disk under DATA_DIR/media. Every part of the process that stores media (the app, the demo
 * seed) takes its storage from here.
 */
export async function createMediaStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<MediaStorage> {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(mediaDir(config));
}
