/**
 * The requests of the hostile-input test as plain data: what fast-check generates, what a failure
 * shrinks to, and what hostile-input.regressions.json keeps and replays.
 *
 * Placeholders `~~name~~` in the URL, headers and body stand for values of the test's world (ids,
 * photo paths, a fresh upload ticket) and are filled in when the request is sent, so a stored case
 * means the same thing on every run. A body `bodyBase64` of `@sample:name` is one of the world's
 * sample files (a real JPEG, a PNG claiming to be huge, ...).
 */
export type Caller = 'visitor' | 'user' | 'admin';

export interface HostileRequest {
  /** visitor: no cookie; user: a signed-in user with an active profile; admin: an admin session. */
  caller: Caller;
  method: string;
  /** Path and query string, already URL-encoded (or deliberately not). */
  url: string;
  headers: Record<string, string>;
  /** The body as text (sent as UTF-8). */
  body?: string;
  /** The body as bytes, for uploads and for text that is not UTF-8. */
  bodyBase64?: string;
}

/** Long runs are stored as {repeat, times} so a 1 MB case stays a short line. */
export type TextSpec = string | Array<string | { repeat: string; times: number }>;

export interface StoredRequest {
  caller: Caller;
  method: string;
  url: TextSpec;
  headers: Record<string, TextSpec>;
  body?: TextSpec;
  bodyBase64?: string;
}

export interface RegressionCase {
  /** The route as registered, e.g. "GET /api/match/:id". */
  route: string;
  /** What this case found (and where it was fixed), or why it was written by hand. */
  note: string;
  request: StoredRequest;
}

const RUN = /([\s\S]{1,8}?)\1{63,}/gu;

export function compactText(text: string): TextSpec {
  if (text.length < 512) return text;
  const parts: Array<string | { repeat: string; times: number }> = [];
  let last = 0;
  for (const match of text.matchAll(RUN)) {
    const unit = match[1]!;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ repeat: unit, times: match[0].length / unit.length });
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function expandText(spec: TextSpec): string {
  if (typeof spec === 'string') return spec;
  return spec.map((part) => (typeof part === 'string' ? part : part.repeat.repeat(part.times))).join('');
}

export function toStored(request: HostileRequest): StoredRequest {
  const stored: StoredRequest = {
    caller: request.caller,
    method: request.method,
    url: compactText(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, compactText(value)])),
  };
  if (request.body !== undefined) stored.body = compactText(request.body);
  if (request.bodyBase64 !== undefined) stored.bodyBase64 = request.bodyBase64;
  return stored;
}

export function fromStored(stored: StoredRequest): HostileRequest {
  const request: HostileRequest = {
    caller: stored.caller,
    method: stored.method,
    url: expandText(stored.url),
    headers: Object.fromEntries(Object.entries(stored.headers).map(([name, value]) => [name, expandText(value)])),
  };
  if (stored.body !== undefined) request.body = expandText(stored.body);
  if (stored.bodyBase64 !== undefined) request.bodyBase64 = stored.bodyBase64;
  return request;
}

/** One line for a message: method, URL and body, shortened. */
export function describeRequest(request: HostileRequest): string {
  const short = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text);
  const body = request.body !== undefined ? ` body=${JSON.stringify(short(request.body))}` : request.bodyBase64 ? ` bytes=${short(request.bodyBase64)}` : '';
  return `${request.caller} ${request.method} ${short(request.url)} headers=${JSON.stringify(request.headers).slice(0, 300)}${body}`;
}
