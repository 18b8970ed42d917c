import { vi } from 'vitest';

export interface InterceptedApi {
  /** The JSON bodies the component sent to the intercepted call, in order. */
  sent: unknown[];
  /** Every other call to /api/ the component made (answered with an error): a test expects none. */
  unexpected: string[];
}

/**
 * For a component that calls the server itself (the forms save through their own mutation): answers the one call
 * `method` `path` at the fetch boundary, the only place the web app reaches the server (lib/api.ts apiRequest), and
 * records what was sent. There is no server in a component test, which runs without a database; the server's side
 * of these calls is tested by the API suite, and the two together by the e2e journeys. Every other request to /api/
 * is refused and recorded; requests for anything else (the test's own modules) go through untouched.
 * Restored after each test (fail-on-console-error.ts restores every mock).
 */
export function interceptApi(method: string, path: string, answer: (body: unknown) => { status: number; body?: unknown }): InterceptedApi {
  const realFetch = window.fetch.bind(window);
  const intercepted: InterceptedApi = { sent: [], unexpected: [] };
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!url.pathname.startsWith('/api/')) return realFetch(input, init);
    const requestMethod = (init?.method ?? 'GET').toUpperCase();
    if (requestMethod !== method || url.pathname !== path) {
      intercepted.unexpected.push(`${requestMethod} ${url.pathname}`);
      return Response.json({ message: 'Not answered in a component test' }, { status: 501 });
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    intercepted.sent.push(body);
    const reply = answer(body);
    return reply.body === undefined ? new Response(null, { status: reply.status }) : Response.json(reply.body, { status: reply.status });
  });
  return intercepted;
}
