/** Public URL of a stored media key (for instance a profile's thumb_filename). */
export function mediaUrl(cdnPrefix: string, key: string): string {
  return `${cdnPrefix.replace(/\/+$/, '')}/media/${key.replace(/^\/+/, '')}`;
}
