export {
  assertValidMediaKey,
  contentTypeOf,
  IMMUTABLE_CACHE_CONTROL,
  mediaUrl,
  photoKey,
  type MediaStorage,
  type PhotoVariant,
} from './media-storage.js';
export { createLocalDiskStorage } from './local-disk-storage.js';
export { createMediaStorage, mediaDir } from './create-media-storage.js';
