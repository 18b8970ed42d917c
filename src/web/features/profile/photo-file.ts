import { MAX_UPLOAD_BYTES } from '../../../domain/profile-api';

export type PhotoFileProblem = 'tooLarge' | 'notImage';

/** The browser's checks before uploading (spec §5): under 10MB, and an image type. */
export function photoFileProblem(file: { size: number; type: string }): PhotoFileProblem | null {
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (!file.type.startsWith('image/')) return 'notImage';
  return null;
}
