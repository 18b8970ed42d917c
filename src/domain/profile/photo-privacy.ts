/*
 * "Show my photos only to people I am introduced to" (profile.photosPrivate). Everyone else who may see the profile
 * gets, for each photo, a placeholder: a small, heavily blurred rendition the server makes of it (never the original
 * blurred by the browser), under its own address. Who gets which is domain/access.ts's (can.seeOriginalPhotos).
 */

const ORIGINAL_PREFIX = '/objects/photos/';
const PLACEHOLDER_PREFIX = '/objects/placeholders/';

/** The placeholder's address of a stored photo ('/objects/photos/<name>.jpg' → '/objects/placeholders/<name>.jpg'). */
export function placeholderPath(objectPath: string): string {
  if (!objectPath.startsWith(ORIGINAL_PREFIX)) return objectPath;
  return `${PLACEHOLDER_PREFIX}${objectPath.slice(ORIGINAL_PREFIX.length).replace(/\.(jpg|webp)$/, '')}.jpg`;
}

/** Whether an address is a placeholder's (the web shows it without sizes, with its own text alternative). */
export function isPlaceholderPath(path: string): boolean {
  return path.startsWith(PLACEHOLDER_PREFIX);
}

/**
 * The photos a reader gets, and whether they are placeholders (`photosBlurred`: the match page then says that photos
 * are shown after an introduction).
 */
export function photosForReader(photos: readonly string[], originals: boolean): { photos: string[]; photosBlurred: boolean } {
  return { photos: originals ? [...photos] : photos.map(placeholderPath), photosBlurred: !originals };
}
