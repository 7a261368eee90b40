import type { S3Client } from '@aws-sdk/client-s3';
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

/**
 * The SDK (about 20 MB of memory) is imported when a bucket is first used, never by the import
 * of this module: a server on local disk never loads it, compiled into one bundle or not.
 */
const loadSdk = () => import('@aws-sdk/client-s3');

export async function createS3Client(config: S3Config): Promise<S3Client> {
  const { S3Client } = await loadSdk();
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
export async function createS3Storage(config: S3Config): Promise<S3MediaStorage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand } =
    await loadSdk();
  const client = await createS3Client(config);
  const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;
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
