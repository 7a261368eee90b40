/**
 * Where photos and other media live. The embedded shape writes them to local disk under
 * `${DATA_DIR}/media`; a scaled-out installation puts an S3-compatible bucket behind the same
 * interface, so callers never know which one they talk to.
 */
export interface MediaStorage {
  /** Stores `data` under `key`, replacing what was there; readers never see a half-written file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a missing key is not an error, so retries are safe. */
  delete(key: string): Promise<void>;
}

/**
 * How long browsers and CDNs may keep a stored object. Every key names its content for good:
 * photos and chat images get a random id per upload, and the demo seed's deterministic ids
 * always render the same portrait; nothing is rewritten in place. So a year, without asking again.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** The content type of a stored key, by its extension (local disk keeps no content type). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** Size variants of a member photo (see the demo seed and the photos module). */
export type PhotoVariant = 'main' | 'thumb' | 'match';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Throws unless `key` is a relative path of plain segments. Keys end up in file paths and URLs,
 * so '..', absolute paths, backslashes, empty or hidden segments are refused outright rather
 * than normalised.
 */
export function assertValidMediaKey(key: string): void {
  if (key.length === 0 || key.length > 512) throw new Error('Invalid media key: empty or too long');
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw new Error(`Invalid media key: absolute path "${key}"`);
  for (const segment of key.split('/')) {
    if (segment === '..' || segment === '.' || !SEGMENT.test(segment)) {
      throw new Error(`Invalid media key: bad segment in "${key}"`);
    }
  }
}

const PHOTO_ID = /^[a-z0-9]{8,64}$/;

/**
 * The storage key of one variant of a photo: `photos/<shard>/<id>-<variant>.<ext>`. The shard
 * (first two characters of the id) keeps directories small on disk and spreads keys in a bucket.
 */
export function photoKey(id: string, variant: PhotoVariant, ext: 'webp' | 'jpg' = 'webp'): string {
  if (!PHOTO_ID.test(id)) throw new Error(`Invalid photo id "${id}"`);
  return `photos/${id.slice(0, 2)}/${id}-${variant}.${ext}`;
}

/**
 * The public URL of a stored key. `cdnPrefix` is the settings' cdn_prefix: empty means the
 * server itself serves /media; otherwise a CDN or bucket origin such as 'https://cdn.example'.
 */
export function mediaUrl(cdnPrefix: string, key: string): string {
  const prefix = cdnPrefix.replace(/\/+$/, '');
  const path = key
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${prefix}/media/${path}`;
}
