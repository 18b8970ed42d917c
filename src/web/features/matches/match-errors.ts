import { ApiError } from '#web/lib/api';

/** spec §2/§8: the matches call failed because the viewer's profile is not active with 2 photos (its code says so). */
export function isProfileNotActiveError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'profile-not-active';
}
