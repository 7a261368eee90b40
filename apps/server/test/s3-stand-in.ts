import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.js';

/** A local S3-compatible server in this process (s3rver), standing in for the bucket of production. */
export interface S3StandIn {
  /** What S3_* would configure to reach it: path-style, its own endpoint and key pair. */
  config: S3Config;
  /** The environment a server process needs to store media in it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's own key pair, the one it documents. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The part of s3rver's file store that writes objects (lib/stores/filesystem.js). */
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}

/**
 * S3 replaces an object atomically and answers a PUT once it is stored. s3rver 3.7 streams into
 * the object's file in place and answers before the write has finished, so a GET right after
 * a PUT, or two PUTs of one key, can read a torn file. Its store writes whole objects the way
 * S3 behaves instead: to a temporary file, renamed over the object before answering.
 */
function writeObjectsAtomically(store: FilesystemStore): void {
  store.putObject = async (object) => {
    const chunks: Buffer[] = [];
    if (Buffer.isBuffer(object.content)) chunks.push(object.content);
    else for await (const chunk of object.content) chunks.push(Buffer.from(chunk as Uint8Array));
    const content = Buffer.concat(chunks);
    const path = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, content);
    await rename(temp, path);
    const md5 = createHash('md5').update(content).digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    return { size: content.length, md5 };
  };
}

/** Starts the stand-in on a free port with an empty bucket in a temporary directory. */
export async function startS3StandIn(bucket = 'media-test'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 's3-stand-in-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  writeObjectsAtomically((server as unknown as { store: FilesystemStore }).store);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: { endpoint, region: 'us-east-1', bucket, credentials: CREDENTIALS, forcePathStyle: true },
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
