import type { ErrorCode } from '#domain/error-codes';
import errorWords from '#web/i18n/en/errors';

/**
 * Whether an answer's code is one we know: the English catalog has words for every code and no other (its
 * `satisfies Record<ErrorCode, string>`), and it is in the first download anyway, while the server's own English
 * messages (domain/error-codes.ts `errorMessages`, 9 KB) are not needed in the browser at all.
 */
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorWords, value);
}
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

/**
 * spec §8: the session (a member's, or the admin's) ended while the page was open: a 401 that is not a refused
 * password. The one check every screen uses; a 401 with no code of ours (a proxy's) counts as signed out too.
 */
export function isSignedOut(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return error.code === undefined || error.code === 'unauthorized' || error.code === 'admin-required';
}

/** The field paths of an error answer (any status), e.g. which of two members a 409 is about. */
export function errorPaths(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const body = JSON.parse(error.body) as { errors?: unknown };
    if (!Array.isArray(body.errors)) return [];
    return body.errors.flatMap((item: unknown) => {
      const path = typeof item === 'object' && item !== null ? (item as { path?: unknown }).path : undefined;
      return typeof path === 'string' ? [path] : [];
    });
  } catch {
    return [];
  }
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
