import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, createProfileUser, validProfileInput } from '#server/test/factories';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';
import { pathOfNul } from './no-nul';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NUL_MESSAGE = 'Text cannot contain a NUL character';

describe('U+0000 in any text is refused before the database sees it', () => {
  it('finds the first NUL in nested values and keys', () => {
    expect(pathOfNul({ a: 'fine', b: [1, 'x', { c: 'y\u0000' }] })).toBe('b.2.c');
    expect(pathOfNul({ ['bad\u0000key']: 1 })).toBe('bad\u0000key');
    expect(pathOfNul({ a: 'no nul here', n: 5, z: null })).toBeNull();
  });

  it('answers 400 with the field on a profile, a volunteer application and a message, and saves nothing', async () => {
    const { cookie } = await signUp(ctx.app);
    const profile = await ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie }, payload: validProfileInput({ aboutYou: `${'a'.repeat(60)}\u0000` }) });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual({ code: 'invalid-request', message: 'Invalid request', errors: [{ path: 'aboutYou', code: 'textNul', message: NUL_MESSAGE }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } })).json()).toBeNull();

    const application = await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie }, payload: applicationBody({ name: '\u0000\u0000' }) });
    expect(application.statusCode).toBe(400);
    expect(application.json().errors).toEqual([{ path: 'name', code: 'textNul', message: NUL_MESSAGE }]);

    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' });
    const message = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: woman.account.cookie }, payload: { receiverId: man.account.id, content: 'hi\u0000' } });
    expect(message.statusCode).toBe(400);
    expect(message.json().errors).toEqual([{ path: 'content', code: 'textNul', message: NUL_MESSAGE }]);
    const thread = await ctx.app.inject({ method: 'GET', url: `/api/messages/${man.account.id}`, headers: { cookie: woman.account.cookie } });
    expect(thread.json()).toEqual([]);
  });

  it('answers 400 for NUL in a query string or a path parameter', async () => {
    const { cookie } = await signUp(ctx.app);
    const query = await ctx.app.inject({ method: 'GET', url: '/api/matches?limit=%00', headers: { cookie } });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([{ path: 'query.limit', code: 'textNul', message: NUL_MESSAGE }]);
    const param = await ctx.app.inject({ method: 'GET', url: '/api/match/%00', headers: { cookie } });
    expect(param.statusCode).toBe(400);
    expect(param.json().errors).toEqual([{ path: 'params.id', code: 'textNul', message: NUL_MESSAGE }]);
  });
});
