import { ApiError } from '../../lib/api';

/** The server's `{message}` when there is one, else the error's own message ("STATUS: body"). */
function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : '';
}

/**
 * spec §2/§8: the matches call failed because the viewer's profile is not active with 2 photos,
 * recognised by the message text ("activate your profile", "complete your profile" or "2 photos").
 */
export function isProfileNotActiveError(error: unknown): boolean {
  const text = errorText(error).toLowerCase();
  return text.includes('activate your profile') || text.includes('complete your profile') || text.includes('2 photos');
}

/** A 401: the session ended while the page was open. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's message for an error screen, when the error is an answer from our server. */
export function matchesErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}
