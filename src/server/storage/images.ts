import sharp from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '../errors';
import { BoundedQueue } from './bounded-queue';

// One libvips thread per image and at most two images at once: a burst of uploads from one account
// pushed /healthz to 3.5 s when every decode ran on the shared thread pool (security review finding 3).
sharp.concurrency(1);
export const imageQueue = new BoundedQueue(2);

/** Longest side of a stored photo, in pixels. */
export const MAX_PHOTO_SIDE = 1600;
/**
 * Refuse images with more pixels than this before decoding them (decompression bombs). A 1600 px
 * output needs far less; 25 MP still takes any phone camera's photo (a 6000×4000 picture is 24 MP).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface ProcessedImage {
  data: Buffer;
  contentType: 'image/jpeg';
  extension: 'jpg';
  width: number;
  height: number;
}

/**
 * Decodes whatever the person sent (by its bytes, not its name or declared type), applies the
 * EXIF orientation, drops every piece of metadata (GPS above all), caps the long side and re-encodes
 * as JPEG. Anything that is not a decodable image is a 415.
 */
export function processPhoto(input: Buffer): Promise<ProcessedImage> {
  return imageQueue.run(() => decodeAndEncode(input));
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // metadata() reads the header only; with the pixel limit here too, a big image would look like a non-image.
    ({ format, width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw unsupportedMediaType('The file is not an image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedMediaType('The file is not an image');
  // The header is read without decoding: refuse a too-large image clearly, before any pixel work.
  if (width && height && width * height > MAX_INPUT_PIXELS) {
    throw payloadTooLarge(`The image has more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height };
  } catch {
    throw unsupportedMediaType('The image could not be read: it may be damaged or too large');
  }
}
