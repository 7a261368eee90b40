import { describe, expect, it } from 'vitest';
import { mediaUrl, photoKey } from './media-storage.js';

describe('mediaUrl', () => {
  it('serves from the site itself when the prefix is empty', () => {
    expect(mediaUrl('', 'photos/ab/abc123xyz-main.webp')).toBe('/media/photos/ab/abc123xyz-main.webp');
  });

  it('prepends a CDN prefix, with or without trailing slashes', () => {
    expect(mediaUrl('https://cdn.example', 'photos/ab/x-thumb.webp')).toBe(
      'https://cdn.example/media/photos/ab/x-thumb.webp',
    );
    expect(mediaUrl('https://cdn.example//', '/photos/ab/x-thumb.webp')).toBe(
      'https://cdn.example/media/photos/ab/x-thumb.webp',
    );
  });

  it('encodes characters that do not belong in a path segment', () => {
    expect(mediaUrl('', 'photos/a b/x#1.webp')).toBe('/media/photos/a%20b/x%231.webp');
  });
});

describe('photoKey', () => {
  it('shards by the first two characters of the id', () => {
    expect(photoKey('k3j9x0a1b2c3', 'match')).toBe('photos/k3/k3j9x0a1b2c3-match.webp');
    expect(photoKey('k3j9x0a1b2c3', 'main', 'jpg')).toBe('photos/k3/k3j9x0a1b2c3-main.jpg');
  });

  it('refuses ids that could form a path', () => {
    expect(() => photoKey('../../etc', 'main')).toThrow();
    expect(() => photoKey('AB', 'main')).toThrow();
  });
});
