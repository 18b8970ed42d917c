/**
 * The sizes a photo is stored in (zod-free: public pages import it). The server makes a copy at each width
 * besides the stored photo (storage/images.ts); the web offers them in `srcset`, so a phone downloads a card-size
 * photo, not the 1600 px one.
 */

/** Longest side of a stored photo, in pixels. */
export const MAX_PHOTO_SIDE = 1600;

/** The smaller copies: a card about 400 CSS px wide at 1× and at 2× (most phones). */
export const PHOTO_COPY_WIDTHS = [480, 960] as const;

/** The `srcset` of a photo's /objects/ path: each copy by its width (`?w=`), the stored photo as the largest. */
export function photoSrcSet(objectPath: string): string {
  return [...PHOTO_COPY_WIDTHS.map((width) => `${objectPath}?w=${width} ${width}w`), `${objectPath} ${MAX_PHOTO_SIDE}w`].join(', ');
}
