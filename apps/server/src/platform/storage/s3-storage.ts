import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { assertValidMediaKey, IMMUTABLE_CACHE_CONTROL, type MediaStorage } from './media-storage.js';

/**
 * Every object sits under this prefix, so that the bucket's public base URL works as a site's
 * cdn_prefix unchanged: mediaUrl(prefix, key) is `${prefix}/media/${key}` on a CDN, on the
 * bucket and on this server alike.
 */
export const S3_KEY_PREFIX = 'media/';

/** Media in an S3-compatible bucket, plus what the copy command needs beyond the interface. */
export interface S3MediaStorage extends MediaStorage {
  /** The stored object's size in bytes, or null when nothing is stored under `key`. */
  size(key: string): Promise<number | null>;
  /** Closes the client's connections (for one-off commands; the server keeps it for its life). */
  close(): void;
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || error instanceof NotFound;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Other S3 implementations (R2, B2, Ceph, older MinIO) refuse or mangle the optional
    // checksums the SDK adds by default since 3.729; AWS itself keeps them.
    ...(config.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

/** Media in an S3-compatible bucket, for installations of more than one machine. */
export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config)): S3MediaStorage {
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertValidMediaKey(key);
    return `${S3_KEY_PREFIX}${key}`;
  };

  return {
    async put(key, data, contentType) {
      // One PutObject is atomic: readers see the old object or the whole new one.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(key),
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers a delete of a missing key with success, so retries are safe as they are.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    close() {
      client.destroy();
    },
  };
}
