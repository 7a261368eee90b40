import sharp from 'sharp';
import { PHOTO_FORMATS, PHOTO_MAX_BYTES, PHOTO_MIN_SIDE } from '@app/shared';
import { AppError } from '../../errors.js';
import type { PhotoVariant } from '../../platform/storage/index.js';

/**
 * Pixel boxes of the stored photo variants, used by uploads and the demo seed alike: the main
 * image fits inside a square (an upload keeps its proportions, nothing is cut off), the
 * thumbnail is a square crop and the match card a 4:5 portrait crop.
 */
export const IMAGE_VARIANTS: Record<PhotoVariant, { width: number; height: number }> = {
  main: { width: 800, height: 800 },
  thumb: { width: 200, height: 200 },
  match: { width: 400, height: 500 },
};

export type ImageVariants = Record<PhotoVariant, Buffer>;

// libvips keeps the results of recent operations (up to 50 MB) for a repeat that never comes:
// every upload and every seeded portrait is a new image. Off, that memory goes back after each.
sharp.cache(false);

/** WebP quality: 80 keeps faces and illustrations crisp at a fraction of the PNG size. */
export const WEBP_QUALITY = 80;

/**
 * Largest decoded image accepted (about 40 megapixels, more than any phone camera): a small
 * file can declare a huge canvas, and decoding it would exhaust memory (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The errors an upload is refused with; their texts live in the errors catalogue. */
export const photoNotImage = () => new AppError(415, 'photo_not_image');
export const photoCorrupt = () => new AppError(422, 'photo_corrupt');
export const photoTooLarge = () =>
  new AppError(413, 'photo_too_large', undefined, { max_mb: Math.floor(PHOTO_MAX_BYTES / (1024 * 1024)) });
/** A small file declaring a huge canvas: its bytes are fine, its dimensions are not. */
export const photoDimensionsTooLarge = () =>
  new AppError(422, 'photo_dimensions_too_large', undefined, { max_mp: Math.floor(MAX_INPUT_PIXELS / 1_000_000) });
export const photoTooSmall = () => new AppError(422, 'photo_too_small', undefined, { min: PHOTO_MIN_SIDE });

/**
 * Whether the first bytes are those of an accepted format. Checked before sharp sees the data,
 * so formats we never want (SVG with its XML, PDF, TIFF, ...) never reach a decoder at all.
 */
export function hasImageSignature(data: Buffer): boolean {
  const ascii = (from: number, to: number) => data.subarray(from, to).toString('latin1');
  if (data.length < 12) return false;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return true; // JPEG
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true; // PNG
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return true;
  return ascii(4, 8) === 'ftyp' && /^(avif|avis)$/.test(ascii(8, 12)); // AVIF
}

function isFormat(format: string | undefined): boolean {
  return (PHOTO_FORMATS as readonly string[]).includes(format ?? '');
}

export interface ProcessImageOptions {
  /**
   * WebP encoder effort, 0 (fastest) to 6. The default 4 suits one upload at a time; the demo
   * seed uses 0, which encodes about three times faster for files a third larger.
   */
  effort?: number;
  /** Crop square main images, as the demo seed's portraits are drawn; uploads keep proportions. */
  cropMain?: boolean;
}

/**
 * Decodes an image once, upright by its EXIF orientation, scaled into `box`, flattened on white
 * in sRGB: the raster every stored variant is cut from. `raster()` opens it for encoding.
 */
async function decodeInto(input: Buffer, box: { width: number; height: number }, cover: boolean) {
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(box.width, box.height, { fit: cover ? 'cover' : 'inside', withoutEnlargement: !cover })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  return { raster, width: info.width, height: info.height };
}

/**
 * Decodes an image and encodes the three WebP variants. The input is decoded and scaled once,
 * to the main size; the crops are cut from that raster with sharp's attention strategy (it keeps
 * the busiest part, usually the face). Output carries no metadata: sharp writes EXIF, ICC and
 * XMP only when asked to, so nothing such as a GPS position survives.
 */
export async function processImage(
  input: Buffer,
  { effort = 4, cropMain = false }: ProcessImageOptions = {},
): Promise<ImageVariants> {
  const { main, thumb, match } = IMAGE_VARIANTS;
  const webp = { quality: WEBP_QUALITY, effort };
  const { raster } = await decodeInto(input, main, cropMain);
  const crop = { fit: 'cover', position: sharp.strategy.attention } as const;
  const [mainOut, thumbOut, matchOut] = await Promise.all([
    raster().webp(webp).toBuffer(),
    raster().resize(thumb.width, thumb.height, crop).webp(webp).toBuffer(),
    raster().resize(match.width, match.height, crop).webp(webp).toBuffer(),
  ]);
  return { main: mainOut, thumb: thumbOut, match: matchOut };
}

/**
 * Pixel boxes of a chat image: the full picture and the thumbnail the chat shows, both keeping
 * the picture's proportions (a chat shows the whole picture, never a crop).
 */
export const CHAT_IMAGE_BOXES = {
  full: { width: 1280, height: 1280 },
  thumb: { width: 480, height: 480 },
} as const;

/** A chat image's stored files and the full picture's size in pixels. */
export interface ChatImageFiles {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Encodes a chat image: decoded once into the full box, the thumbnail scaled from that. */
async function processChatImage(input: Buffer): Promise<ChatImageFiles> {
  const webp = { quality: WEBP_QUALITY };
  const { full, thumb } = CHAT_IMAGE_BOXES;
  const { raster, width, height } = await decodeInto(input, full, false);
  const [fullOut, thumbOut] = await Promise.all([
    raster().webp(webp).toBuffer(),
    raster().resize(thumb.width, thumb.height, { fit: 'inside', withoutEnlargement: true }).webp(webp).toBuffer(),
  ]);
  return { full: fullOut, thumb: thumbOut, width, height };
}

/**
 * Checks an upload, or throws the AppError that tells the member why not: not an image (judged
 * by content, never by name), too many pixels, too small, or unreadable. Profile photos and
 * chat images are held to the same rules.
 */
async function checkUpload(input: Buffer): Promise<void> {
  if (input.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  if (!hasImageSignature(input)) throw photoNotImage();
  let meta: sharp.Metadata;
  try {
    // Reads the header only; the pixel limit is checked below, so a bomb is told apart from damage.
    meta = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch {
    throw photoCorrupt();
  }
  if (!isFormat(meta.format)) throw photoNotImage();
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) throw photoCorrupt();
  if (width * height > MAX_INPUT_PIXELS) throw photoDimensionsTooLarge();
  if (Math.min(width, height) < PHOTO_MIN_SIDE) throw photoTooSmall();
}

/** Checks an upload, then encodes it with `encode`; pixel data that fails to decode is corrupt. */
async function processChecked<T>(input: Buffer, encode: (input: Buffer) => Promise<T>): Promise<T> {
  await checkUpload(input);
  try {
    return await encode(input);
  } catch {
    // The header was fine but the pixel data is not (truncated or damaged).
    throw photoCorrupt();
  }
}

/**
 * Turns a profile photo upload into the stored variants, or throws why not (see checkUpload).
 * Nothing is written here; the caller stores the result.
 */
export function processUpload(input: Buffer): Promise<ImageVariants> {
  return processChecked(input, (data) => processImage(data));
}

/** Turns a chat image upload into its stored files, under the rules of profile photos. */
export function processChatUpload(input: Buffer): Promise<ChatImageFiles> {
  return processChecked(input, processChatImage);
}

/**
 * Turns a verification selfie into the one WebP a moderator looks at, under the rules of profile
 * photos: scaled into the main photo's box, upright, without metadata.
 */
export function processSelfieUpload(input: Buffer): Promise<Buffer> {
  return processChecked(input, async (data) => {
    const { raster } = await decodeInto(data, IMAGE_VARIANTS.main, false);
    return raster().webp({ quality: WEBP_QUALITY }).toBuffer();
  });
}
