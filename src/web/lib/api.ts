/**
 * The one way the web app calls the server. A non-OK answer throws an ApiError whose message is
 * the spec's "STATUS: body" (the body text, or the status text when the body is empty).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{message}` when the body is our JSON error, else undefined. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }

  /** The `{path, message}` field errors of a 400 answer (empty for anything else). */
  get fieldErrors(): { path: string; message: string }[] {
    if (this.status !== 400) return [];
    try {
      const body = JSON.parse(this.body) as { errors?: unknown };
      if (!Array.isArray(body.errors)) return [];
      return body.errors.flatMap((item: unknown) => {
        if (typeof item !== 'object' || item === null) return [];
        const { path, message } = item as { path?: unknown; message?: unknown };
        return typeof path === 'string' && typeof message === 'string' && path !== '' ? [{ path, message }] : [];
      });
    } catch {
      return [];
    }
  }
}

/** The server's `{message}`, when the error is an answer from our server. */
export function serverMessageOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET that answers null on 401 instead of throwing (the spec's "returning nothing" mode). */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await apiRequest<T>('GET', url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
