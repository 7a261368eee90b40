import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CHAT_IMAGE_BOXES,
  hasImageSignature,
  IMAGE_VARIANTS,
  processChatUpload,
  processImage,
  processUpload,
} from './media.images.js';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#8a5' } });

describe('hasImageSignature', () => {
  it('recognises the accepted formats by their first bytes', async () => {
    for (const data of [
      await solid(16, 16).jpeg().toBuffer(),
      await solid(16, 16).png().toBuffer(),
      await solid(16, 16).webp().toBuffer(),
      await solid(16, 16).gif().toBuffer(),
      await solid(16, 16).avif().toBuffer(),
    ]) {
      expect(hasImageSignature(data)).toBe(true);
    }
  });

  it('refuses text, SVG, TIFF and empty data', async () => {
    expect(hasImageSignature(Buffer.from('hello, this is plain text'))).toBe(false);
    expect(hasImageSignature(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(false);
    expect(hasImageSignature(await solid(16, 16).tiff().toBuffer())).toBe(false);
    expect(hasImageSignature(Buffer.alloc(0))).toBe(false);
  });
});

describe('processImage', () => {
  it('fits the main image inside its box and crops thumbnail and match card', async () => {
    const variants = await processImage(await solid(1600, 900).png().toBuffer());
    const size = async (data: Buffer) => {
      const { width, height, format } = await sharp(data).metadata();
      return { width, height, format };
    };
    expect(await size(variants.main)).toEqual({ width: 800, height: 450, format: 'webp' });
    expect(await size(variants.thumb)).toEqual({ ...IMAGE_VARIANTS.thumb, format: 'webp' });
    expect(await size(variants.match)).toEqual({ ...IMAGE_VARIANTS.match, format: 'webp' });
  });

  it('never enlarges a small upload, but the demo seed crops its portraits square', async () => {
    const input = await solid(300, 240).png().toBuffer();
    expect((await sharp((await processImage(input)).main).metadata()).width).toBe(300);
    const cropped = await sharp((await processImage(input, { cropMain: true })).main).metadata();
    expect([cropped.width, cropped.height]).toEqual([IMAGE_VARIANTS.main.width, IMAGE_VARIANTS.main.height]);
  });
});

describe('processUpload', () => {
  it('accepts an AVIF', async () => {
    const variants = await processUpload(await solid(240, 240).avif().toBuffer());
    expect((await sharp(variants.main).metadata()).format).toBe('webp');
  });

  it('tells the problem of a refused upload', async () => {
    await expect(processUpload(Buffer.from('plain text, no image here'))).rejects.toMatchObject({
      statusCode: 415,
      code: 'photo_not_image',
    });
    await expect(processUpload(await solid(199, 400).jpeg().toBuffer())).rejects.toMatchObject({
      statusCode: 422,
      code: 'photo_too_small',
      params: { min: 200 },
    });
    const whole = await solid(400, 400).png().toBuffer();
    await expect(processUpload(whole.subarray(0, 60))).rejects.toMatchObject({ code: 'photo_corrupt' });
  });
});

describe('processChatUpload', () => {
  it('keeps the whole picture: the full image and the thumbnail fit their boxes without a crop', async () => {
    const files = await processChatUpload(await solid(2000, 1000).png().toBuffer());
    expect([files.width, files.height]).toEqual([CHAT_IMAGE_BOXES.full.width, CHAT_IMAGE_BOXES.full.width / 2]);
    const full = await sharp(files.full).metadata();
    const thumb = await sharp(files.thumb).metadata();
    expect([full.format, full.width, full.height]).toEqual(['webp', files.width, files.height]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual([
      'webp',
      CHAT_IMAGE_BOXES.thumb.width,
      CHAT_IMAGE_BOXES.thumb.width / 2,
    ]);
  });

  it('refuses uploads under the rules of photos', async () => {
    await expect(processChatUpload(Buffer.from('plain text, no image here'))).rejects.toMatchObject({
      code: 'photo_not_image',
    });
    await expect(processChatUpload(await solid(150, 400).jpeg().toBuffer())).rejects.toMatchObject({
      code: 'photo_too_small',
    });
  });
});
