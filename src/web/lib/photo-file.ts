import { MAX_UPLOAD_BYTES } from '#domain/profile/profile-api';

/** The same limit in megabytes, for the screens to say (formatted in the reader's locale by the catalog: "10 MB"). */
export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

export type PhotoFileProblem = 'tooLarge' | 'notImage';

/** The browser's checks before uploading (spec §5): under 10MB, and an image type. */
export function photoFileProblem(file: { size: number; type: string }): PhotoFileProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!file.type.startsWith('image/')) return 'notImage';
  return null;
}
