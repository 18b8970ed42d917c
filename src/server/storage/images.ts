import sharp, { type OutputInfo } from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '#server/errors';
import { MAX_PHOTO_SIDE, PHOTO_COPY_WIDTHS } from '#domain/profile/photo-sizes';
import { BoundedQueue } from './bounded-queue';

// One libvips thread per image and at most two images at once: a burst of uploads from one account
// pushed /healthz to 3.5 s when every decode ran on the shared thread pool (security review finding 3).
sharp.concurrency(1);
export const imageQueue = new BoundedQueue(2);

/**
 * Refuse images with more pixels than this before decoding them (decompression bombs). A 1600 px
 * output needs far less; 25 MP still takes any phone camera's photo (a 6000×4000 picture is 24 MP).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export type PhotoFormat = 'jpeg' | 'webp';
/** A copy made besides the stored JPEG: `width` null is the full size (long side ≤ MAX_PHOTO_SIDE). */
export interface PhotoVariant {
  width: number | null;
  format: PhotoFormat;
}
/** The copies every photo gets: each card width in JPEG, and every size in WebP for browsers that accept it. */
export const PHOTO_VARIANTS: readonly PhotoVariant[] = [
  ...PHOTO_COPY_WIDTHS.flatMap((width) => [
    { width, format: 'jpeg' as const },
    { width, format: 'webp' as const },
  ]),
  { width: null, format: 'webp' },
];

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
  /** The PHOTO_VARIANTS, in that order, encoded from the same decoded pixels. */
  variants: { variant: PhotoVariant; data: Buffer }[];
}

/**
 * Decodes whatever the person sent (by its bytes, not its name or declared type), applies the
 * EXIF orientation, drops every piece of metadata (GPS above all), caps the long side and re-encodes
 * as JPEG. Anything that is not a decodable image is a 415.
 */
export function processPhoto(input: Buffer): Promise<ProcessedImage> {
  return imageQueue.run(() => decodeAndEncode(input, PHOTO_VARIANTS));
}

/**
 * A selfie for a coordinator's review (features/verification): the same decoding, orientation, stripping of every
 * piece of metadata and size cap as a photo, as one JPEG without copies (nobody but the reviewing coordinator
 * reads it, once, at full size).
 */
export async function processSelfie(input: Buffer): Promise<{ data: Buffer; contentType: 'image/jpeg' }> {
  const { data, contentType } = await imageQueue.run(() => decodeAndEncode(input, []));
  return { data, contentType };
}

async function decodeAndEncode(input: Buffer, copies: readonly PhotoVariant[]): Promise<ProcessedImage> {
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only; with the pixel limit here too, a big image would look like a non-image.
    ({ format, width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw unsupportedMediaType('not-an-image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedMediaType('not-an-image');
  // The header is read without decoding: refuse a too-large image clearly, before any pixel work.
  if (width && height && width * height > MAX_INPUT_PIXELS) {
    throw payloadTooLarge('image-too-many-pixels', `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, to the stored size; every copy is encoded from these pixels.
    pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unsupportedMediaType('image-unreadable');
  }
  const data = await encode(pixels, { width: null, format: 'jpeg' });
  const variants = [];
  for (const variant of copies) variants.push({ variant, data: await encode(pixels, variant) });
  return { data, contentType: 'image/jpeg', extension: 'jpg', width: pixels.info.width, height: pixels.info.height, variants };
}

function encode(pixels: { data: Buffer; info: OutputInfo }, variant: PhotoVariant): Promise<Buffer> {
  const { width, height, channels } = pixels.info;
  let image = sharp(pixels.data, { raw: { width, height, channels } });
  if (variant.width !== null) image = image.resize({ width: variant.width, withoutEnlargement: true });
  return variant.format === 'webp' ? image.webp({ quality: 80 }).toBuffer() : image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** The placeholder's source: the photo shrunk to this many pixels on its long side, so no feature survives. */
export const PLACEHOLDER_SOURCE_SIDE = 12;
/** The placeholder as stored: that little image spread to this width and blurred, so it looks like colour, not pixels. */
export const PLACEHOLDER_WIDTH = 120;

/**
 * A private photo's placeholder (domain/profile/photo-privacy.ts): the photo reduced to 12 px and spread back to
 * 120 px with a blur. Nothing of a face can be read from it; it is what a reader who may not see the photo gets.
 */
export function blurredPlaceholder(photo: Buffer): Promise<Buffer> {
  return imageQueue.run(async () => {
    const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: PLACEHOLDER_SOURCE_SIDE, height: PLACEHOLDER_SOURCE_SIDE, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize({ width: PLACEHOLDER_WIDTH, kernel: 'cubic' })
      .blur(4)
      .jpeg({ quality: 60 })
      .toBuffer();
  });
}
