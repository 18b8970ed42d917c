import { useMutation } from '@tanstack/react-query';
import type { registeredPhoto, uploadTicket } from '#domain/profile/profile-api';
import { ApiError, apiRequest } from './api';
import type { z } from 'zod';

/**
 * The upload flow of spec §7: ask for a signed upload URL, PUT the raw file there with its content
 * type (a non-OK reply is a failure: 413 too large, 415 not an image, 403 expired or reused), then
 * register it as a photo of the signed-in user. Answers the stored photo's path.
 */
export async function uploadPhoto(file: File): Promise<string> {
  // The size lets a bucket's upload link sign the exact length (the bucket then refuses any other).
  const { uploadURL } = await apiRequest<z.infer<typeof uploadTicket>>('POST', '/api/objects/upload', { size: file.size });
  // Our own upload URL needs the session cookie; a bucket's presigned URL carries its own
  // signature and must not receive our cookies (nor need credentialed CORS).
  const sameOrigin = new URL(uploadURL, window.location.href).origin === window.location.origin;
  const response = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
    credentials: sameOrigin ? 'include' : 'omit',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const { objectPath } = await apiRequest<z.infer<typeof registeredPhoto>>('PUT', '/api/profile-photos', { photoURL: uploadURL });
  return objectPath;
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
