import { objectPathPattern } from '#domain/profile/profile-api';
import { badRequest, fieldError } from '#server/errors';

/** Stored photos live under this key prefix and are addressed as /objects/<key>. */
export const PHOTO_PREFIX = 'photos/';

export function objectPathFromKey(key: string): string {
  return `/objects/${key}`;
}

export function objectKeyFromPath(objectPath: string): string {
  if (!objectPathPattern.test(objectPath)) throw badRequest('photo-path-invalid', [fieldError('photos', 'photoPathInvalid')]);
  return objectPath.slice('/objects/'.length);
}
