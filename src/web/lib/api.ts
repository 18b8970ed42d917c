import { isErrorCode, type ErrorCode } from '../../domain/error-codes';
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

  /** The answer's error code (domain/error-codes.ts) when the body is our JSON error and the code is one we know. */
  get code(): ErrorCode | undefined {
    try {
      const parsed = JSON.parse(this.body) as { code?: unknown };
      return isErrorCode(parsed.code) ? parsed.code : undefined;
    } catch {
      return undefined;
    }
  }

  /** The `{path, code, message}` field errors of a 400 answer (empty for anything else); `invalid` when no code came. */
  get fieldErrors(): ServerFieldError[] {
    if (this.status !== 400) return [];
    try {
      const body = JSON.parse(this.body) as { errors?: unknown };
      if (!Array.isArray(body.errors)) return [];
      return body.errors.flatMap((item: unknown) => {
        if (typeof item !== 'object' || item === null) return [];
        const { path, code, message } = item as { path?: unknown; code?: unknown; message?: unknown };
        if (typeof path !== 'string' || typeof message !== 'string' || path === '') return [];
        return [{ path, code: typeof code === 'string' ? code : 'invalid', message }];
      });
    } catch {
      return [];
    }
  }
}

/** One field at fault in a 400 answer: where, the code the web translates, and the server's English. */
export interface ServerFieldError {
  path: string;
  code: string;
  message: string;
}

/**
 * A 400's field errors for a form with `fields`: each by its top-level field (or the form field `aliases` names for
 * it, e.g. the payload's firstName is the form's name), the ones the form does not have left out.
 */
export function formFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  aliases: Partial<Record<string, F>> = {},
): (ServerFieldError & { field: F })[] {
  if (!(error instanceof ApiError)) return [];
  return error.fieldErrors.flatMap((item) => {
    const top = item.path.split('.')[0] ?? item.path;
    const field = aliases[top] ?? fields.find((name) => name === top);
    return field ? [{ ...item, field }] : [];
  });
}

/** spec §8: a save whose error message starts with 401 and mentions Unauthorized (the session is gone). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401') && error.message.includes('Unauthorized');
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
