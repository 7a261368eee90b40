import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from './media-storage.js';

/**
 * What every MediaStorage promises its callers, run against each adapter (local disk, the S3
 * bucket), so code written against one behaves the same on the other. `makeStorage` is called
 * once per suite; every case writes keys of its own, so one storage serves them all.
 */
export function describeMediaStorageContract(name: string, makeStorage: () => Promise<MediaStorage>): void {
  describe(`MediaStorage contract: ${name}`, () => {
    let storage: MediaStorage;
    beforeAll(async () => {
      storage = await makeStorage();
    });

    /** A fresh key of a real key family, so cases never see each other's objects. */
    const key = (family: 'photos' | 'chat', variant: string) => {
      const id = randomBytes(8).toString('hex');
      return `${family}/${id.slice(0, 2)}/${id}-${variant}.webp`;
    };

    it('reads back exactly the bytes it stored, binary included', async () => {
      const photo = key('photos', 'main');
      const chat = key('chat', 'full');
      const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
      await storage.put(photo, bytes, 'image/webp');
      await storage.put(chat, Buffer.alloc(0), 'image/webp');
      expect((await storage.get(photo))?.equals(bytes)).toBe(true);
      expect((await storage.get(chat))?.length).toBe(0);
    });

    it('keeps a megabyte whole', async () => {
      const photo = key('photos', 'main');
      const bytes = randomBytes(1024 * 1024);
      await storage.put(photo, bytes, 'image/webp');
      expect((await storage.get(photo))?.equals(bytes)).toBe(true);
    });

    it('replaces what a key held', async () => {
      const photo = key('photos', 'thumb');
      await storage.put(photo, Buffer.from('one'), 'image/webp');
      await storage.put(photo, Buffer.from('two'), 'image/webp');
      expect((await storage.get(photo))?.toString()).toBe('two');
    });

    it('keeps concurrent writes of one key whole: the reader gets one of them, never a mix', async () => {
      const photo = key('photos', 'match');
      const bodies = Array.from({ length: 6 }, (_, i) => Buffer.alloc(64 * 1024, i));
      await Promise.all(bodies.map((body) => storage.put(photo, body, 'image/webp')));
      const stored = await storage.get(photo);
      expect(bodies.some((body) => stored?.equals(body))).toBe(true);
    });

    it('answers null for a key never stored', async () => {
      expect(await storage.get(key('photos', 'main'))).toBeNull();
    });

    it('deletes a key, and deleting it again (or a key never stored) is no error', async () => {
      const chat = key('chat', 'thumb');
      await storage.put(chat, Buffer.from('x'), 'image/webp');
      await storage.delete(chat);
      expect(await storage.get(chat)).toBeNull();
      await expect(storage.delete(chat)).resolves.toBeUndefined();
      await expect(storage.delete(key('chat', 'full'))).resolves.toBeUndefined();
    });

    it('deletes only the key it is given', async () => {
      const [a, b] = [key('photos', 'main'), key('photos', 'thumb')];
      await storage.put(a, Buffer.from('a'), 'image/webp');
      await storage.put(b, Buffer.from('b'), 'image/webp');
      await storage.delete(a);
      expect((await storage.get(b))?.toString()).toBe('b');
    });

    it.each([
      '../escape.webp',
      'photos/../../escape.webp',
      'photos/./x.webp',
      '/etc/passwd',
      'C:/windows/x',
      'photos\\ab\\x.webp',
      'photos//x.webp',
      '.hidden',
      '',
    ])('refuses the key %j', async (bad) => {
      await expect(storage.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid media key/);
      await expect(storage.get(bad)).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete(bad)).rejects.toThrow(/Invalid media key/);
    });
  });
}
