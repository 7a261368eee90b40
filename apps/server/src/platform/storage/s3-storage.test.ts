import type { S3Client } from '@aws-sdk/client-s3';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '../../../test/s3-stand-in.js';
import { describeMediaStorageContract } from './media-storage.contract.js';
import { IMMUTABLE_CACHE_CONTROL } from './media-storage.js';
import { createS3Client, createS3Storage, type S3MediaStorage } from './s3-storage.js';

/** The adapter through the real @aws-sdk/client-s3, against a local S3-compatible server. */
let standIn: S3StandIn;
let storage: S3MediaStorage;
let client: S3Client;
beforeAll(async () => {
  standIn = await startS3StandIn();
  storage = await createS3Storage(standIn.config);
  client = await createS3Client(standIn.config);
});
afterAll(async () => {
  storage?.close();
  client?.destroy();
  await standIn?.close();
});

describeMediaStorageContract('S3 bucket', async () => storage);

describe('createS3Storage', () => {
  it("stores a key under media/ with its content type and a year's immutable caching", async () => {
    const key = 'photos/ab/ab0123456789-main.webp';
    await storage.put(key, Buffer.from('RIFF....WEBP'), 'image/webp');
    const object = await client.send(new GetObjectCommand({ Bucket: standIn.config.bucket, Key: `media/${key}` }));
    expect(object.ContentType).toBe('image/webp');
    expect(object.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(await object.Body?.transformToString()).toBe('RIFF....WEBP');
    const listed = await client.send(new ListObjectsV2Command({ Bucket: standIn.config.bucket }));
    expect(listed.Contents?.every((o) => o.Key?.startsWith('media/'))).toBe(true);
  });

  it("tells an object's size, and null for a missing one", async () => {
    const key = 'chat/cd/cd0123456789-full.webp';
    await storage.put(key, Buffer.alloc(1234, 1), 'image/webp');
    expect(await storage.size(key)).toBe(1234);
    expect(await storage.size('chat/cd/cd0000000000-full.webp')).toBeNull();
  });

  it('fails loudly, not as a missing object, when the bucket is not there', async () => {
    const wrong = await createS3Storage({ ...standIn.config, bucket: 'no-such-bucket' });
    try {
      await expect(wrong.put('photos/ef/ef0123456789-main.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
      await expect(wrong.get('photos/ef/ef0123456789-main.webp')).rejects.toThrow();
    } finally {
      wrong.close();
    }
  });
});
