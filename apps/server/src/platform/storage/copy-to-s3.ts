/**
 * Copies the media on local disk (DATA_DIR/media) into the bucket the S3_* settings name:
 * `npm run media:copy-to-s3 -w @app/server`. Run it before switching a site from local disk to
 * the bucket, and again right after the switch for what was uploaded in between; each run
 * copies only what the bucket lacks. Prints the counts; exits 1 when any file failed.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../../config.js';
import { copyMediaToBucket } from './copy-media.js';
import { mediaDir } from './create-media-storage.js';
import { createS3Storage } from './s3-storage.js';

const config = loadConfig();
if (!config.s3) {
  process.stderr.write('S3_BUCKET is not set: name the bucket to copy into (see .env.example, S3_*).\n');
  process.exit(2);
}
const sourceDir = mediaDir(config);
if (!existsSync(sourceDir)) {
  process.stderr.write(`No local media at ${sourceDir} (DATA_DIR/media): nothing to copy.\n`);
  process.exit(2);
}

const bucket = await createS3Storage(config.s3);
const where = `${config.s3.endpoint ?? 'AWS S3'}, bucket ${config.s3.bucket}`;
process.stdout.write(`Copying ${sourceDir} to ${where} under media/ ...\n`);
try {
  const counts = await copyMediaToBucket({
    sourceDir,
    bucket,
    onFailure: (key, error) =>
      process.stderr.write(`  failed: ${key}: ${error instanceof Error ? error.message : String(error)}\n`),
  });
  process.stdout.write(
    `${counts.found} files: ${counts.copied} copied, ${counts.present} already in the bucket, ${counts.failed} failed` +
      (counts.ignored > 0 ? ` (${counts.ignored} other files ignored)` : '') +
      '\n',
  );
  process.exitCode = counts.failed > 0 ? 1 : 0;
} finally {
  bucket.close();
}
