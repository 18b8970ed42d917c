import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPTS_AFTER_FIRST_PAINT_HASH } from './scripts-after-first-paint';
import { createTestContext, type TestContext } from './test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('HTTP basics', () => {
  it('GET /healthz answers 200 once the database is ready', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'route-not-found', message: 'Route GET /api/does-not-exist not found', errors: [] });
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invalid-json', message: expect.any(String), errors: [] });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload-too-large', message: expect.any(String), errors: [] });
  });

  it('sends security headers and a request id', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Scripts from this origin, and inline only the one starter of a server-rendered page's scripts.
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${SCRIPTS_AFTER_FIRST_PAINT_HASH};`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
