import sharp from 'sharp';
import { unsupportedMediaType } from '../errors';

/** Longest side of a stored photo, in pixels. */
export const MAX_PHOTO_SIDE = 1600;
/** Refuse images with more pixels than this before decoding them (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
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
export async function processPhoto(input: Buffer): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw unsupportedMediaType('The file is not an image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw unsupportedMediaType('The file is not an image');
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
