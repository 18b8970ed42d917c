import { ApiError } from './api';

/** A photo's bytes as they are (the server decodes, re-encodes and strips them): the selfie, a story's photo. */
export async function apiUpload<T = unknown>(method: 'POST' | 'PUT', url: string, photo: Blob): Promise<T> {
  const response = await fetch(url, { method, credentials: 'include', headers: { 'Content-Type': photo.type || 'image/jpeg' }, body: photo });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as T;
}
