export { assertValidMediaKey, mediaUrl, photoKey, type MediaStorage, type PhotoVariant } from './media-storage.js';
export { createLocalDiskStorage } from './local-disk-storage.js';
