import { blurredPlaceholder, PHOTO_VARIANTS, type PhotoFormat, type PhotoVariant, type ProcessedImage } from './images';
import type { ObjectStore } from './object-store';

// A stored photo is one key (`photos/<id>.jpg`, the 1600 px JPEG that uploads, profiles and permissions name) and
// its copies beside it (`photos/<id>.w480.jpg`, `photos/<id>.webp`, `photos/<id>.w480.webp`, and once asked for, the
// blurred placeholder `photos/<id>.placeholder.jpg`). Only this module knows the copies' names: it writes them,
// picks the one to send, and deletes them all with the photo.

const contentTypes: Record<PhotoFormat, string> = { jpeg: 'image/jpeg', webp: 'image/webp' };

/** The key of one copy of the photo stored under `key`. */
export function photoVariantKey(key: string, variant: PhotoVariant): string {
  const base = key.replace(/\.(jpg|webp)$/, '');
  const size = variant.width === null ? '' : `.w${variant.width}`;
  return `${base}${size}.${variant.format === 'webp' ? 'webp' : 'jpg'}`;
}

/** Stores the photo and its copies (the copies first: once the photo is there, a page may ask for them). */
export async function storePhotoFiles(store: ObjectStore, key: string, image: ProcessedImage): Promise<void> {
  for (const { variant, data } of image.variants) await store.put(photoVariantKey(key, variant), data, contentTypes[variant.format]);
  await store.put(key, image.data, image.contentType);
}

/**
 * Deletes the photo stored under `key` and every copy of it. The one way to delete a photo's files: unused
 * uploads, account deletion and moderation all call it, so no copy outlives its photo. Missing files are fine.
 */
export async function deletePhotoFiles(store: ObjectStore, key: string): Promise<void> {
  for (const variant of PHOTO_VARIANTS) await store.delete(photoVariantKey(key, variant));
  await store.delete(placeholderKey(key));
  await store.delete(key);
}

/** The key of the photo's blurred placeholder. */
function placeholderKey(key: string): string {
  return `${key.replace(/\.(jpg|webp)$/, '')}.placeholder.jpg`;
}

/**
 * The blurred placeholder of the photo stored under `key`, made from its smallest JPEG copy the first time it is
 * asked for and kept beside it (photos stored before placeholders existed get theirs then). Undefined when the photo
 * is gone.
 */
export async function photoPlaceholder(store: ObjectStore, key: string): Promise<Buffer | undefined> {
  const kept = await store.get(placeholderKey(key));
  if (kept) return kept;
  const [smallest] = photoCandidates(key, { width: 1, acceptsWebp: false });
  const source = (smallest && (await store.get(smallest.key))) || (await store.get(key));
  if (!source) return undefined;
  const placeholder = await blurredPlaceholder(source);
  await store.put(placeholderKey(key), placeholder, 'image/jpeg');
  return placeholder;
}

/** What the browser asked for: the width it will show (from srcset, `?w=`), and whether its Accept names WebP. */
export interface PhotoRequest {
  width?: number | undefined;
  acceptsWebp: boolean;
}

/**
 * The copies to try for a request, best first, ending with the photo itself: the smallest size that covers the
 * width, WebP before JPEG when the browser takes it. Photos stored before the copies existed have only the last.
 */
export function photoCandidates(key: string, request: PhotoRequest): { key: string; contentType: string }[] {
  const widths: (number | null)[] = [];
  const cardWidths = [...new Set(PHOTO_VARIANTS.map((variant) => variant.width).filter((width): width is number => width !== null))].sort((a, b) => a - b);
  if (request.width !== undefined) widths.push(...cardWidths.filter((width) => width >= request.width!));
  widths.push(null);
  const formats: PhotoFormat[] = request.acceptsWebp ? ['webp', 'jpeg'] : ['jpeg'];
  const candidates = widths.flatMap((width) => formats.map((format) => ({ width, format })));
  return candidates
    .filter((variant) => (variant.width === null && variant.format === 'jpeg') || PHOTO_VARIANTS.some((known) => known.width === variant.width && known.format === variant.format))
    .map((variant) => ({
      key: variant.width === null && variant.format === 'jpeg' ? key : photoVariantKey(key, variant),
      contentType: contentTypes[variant.format],
    }));
}

/** Whether an Accept header names WebP (every current browser's image requests do; `q=0` refuses it). */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return type === 'image/webp' && !refused;
  });
}
