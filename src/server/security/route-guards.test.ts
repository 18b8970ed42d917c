/**
 * Every route says who may call it (docs/decisions/011-policy-layer.md): its options carry a guard
 * (`preValidation: signedIn | adminOnly | hasRole(role)`, http/guards.ts), or it is on the public list below. The routes
 * are the ones the server registers (the onRoute hook of buildApp), so a route added without a guard fails here
 * before any review: give it a guard, or add it to PUBLIC_ROUTES and say why in the same change.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOf, lateGuardOf, signedIn, type GuardName } from '#server/http/guards';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';

/** Routes anyone may call, signed in or not (no guard, or `anyone`): each decides by a token, the IP or nothing at all. */
const PUBLIC_ROUTES = [
  // Probes and the API description.
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /api/openapi.json',
  // Signing in and out, and the links mailed to people who may not be signed in (the token is the authority).
  'GET /api/login',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/logout',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'POST /api/auth/verify-email',
  'POST /api/account/email/cancel',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  'GET /api/guardian-invitations/:token',
  'GET /api/reference-requests/:token',
  'GET /api/reference-requests/:token/photo',
  'POST /api/reference-requests/:token',
  'POST /api/reference-requests/:token/decline',
  'GET /api/team/invitations/:token',
  // The admin's door: signing in, out, and "am I the admin?" (answers false to anyone else).
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/session',
  // Public by nature: the site's content, Guidance, the push key, and photos (can.viewPhoto decides each one) with
  // their blurred placeholders (can.viewPhotoPlaceholder).
  'GET /api/site-content',
  'GET /api/volunteers',
  'GET /api/push/public-key',
  'GET /objects/photos/:key',
  'GET /objects/placeholders/:key',
  // The landing page's published stories and their photos (stories.service.ts readPhoto decides each one).
  'GET /api/stories',
  'GET /objects/stories/:key',
].sort();

const OPEN_GUARDS: readonly (GuardName | undefined)[] = [undefined, 'anyone'];

type RouteKey = `${string} ${string}`;
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** The routes whose guard does not fit the list: guarded routes must not be public, the rest must be guarded. */
function misfits(guards: Map<RouteKey, GuardName | undefined>, publicRoutes: readonly string[]): string[] {
  const out: string[] = [];
  for (const [key, guard] of guards) {
    const isPublic = publicRoutes.includes(key);
    if (!isPublic && OPEN_GUARDS.includes(guard)) out.push(`${key}: no guard (add preValidation: signedIn | adminOnly | hasRole(…), or list it as public)`);
    if (isPublic && !OPEN_GUARDS.includes(guard)) out.push(`${key}: guarded by ${guard} but listed as public`);
  }
  for (const key of publicRoutes) if (!guards.has(key as RouteKey)) out.push(`${key}: listed as public but not registered`);
  return out;
}

const guards = new Map<RouteKey, GuardName | undefined>();
/** Guards put in preHandler, where they would run after the body is validated. */
const lateGuards: string[] = [];
function onRoute(route: RouteOptions) {
  for (const method of asArray(route.method)) {
    guards.set(`${method.toUpperCase()} ${route.url}`, guardOf(route));
    if (lateGuardOf(route)) lateGuards.push(`${method.toUpperCase()} ${route.url}`);
  }
}
/** Without the HEAD twins Fastify adds for each GET (they run the GET's hooks, guard included). */
function declared(): Map<RouteKey, GuardName | undefined> {
  return new Map([...guards].filter(([key]) => !(key.startsWith('HEAD ') && guards.has(`GET ${key.slice('HEAD '.length)}`))));
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute });
});
afterAll(async () => ctx?.close());

describe('route guards', () => {
  it('every route declares a guard, except the public list (which holds only registered, unguarded routes)', () => {
    const routes = declared();
    expect(routes.size).toBeGreaterThan(100);
    expect(misfits(routes, PUBLIC_ROUTES)).toEqual([]);
  });

  it('a new route without a guard is caught, and so is a public entry that gained one', () => {
    const routes = declared();
    routes.set('POST /api/something-new', undefined);
    routes.set('GET /api/site-content', 'signedIn');
    expect(misfits(routes, PUBLIC_ROUTES)).toEqual([
      'GET /api/site-content: guarded by signedIn but listed as public',
      'POST /api/something-new: no guard (add preValidation: signedIn | adminOnly | hasRole(…), or list it as public)',
    ]);
  });

  it('the coordinators’ and elders’ routes are guarded by their role, the admin’s by the admin session', () => {
    const routes = declared();
    const byGuard = (guard: GuardName) => [...routes].filter(([, g]) => g === guard).map(([key]) => key);
    for (const key of byGuard('signedIn')) expect(key, `${key} is signed-in only`).not.toMatch(/ \/api\/(admin|coordinator|elders)\//);
    expect(byGuard('hasRole:coordinator')).toEqual(expect.arrayContaining(['POST /api/introductions', 'GET /api/coordinator/overview', 'POST /api/coordinator/members/:userId/verification']));
    expect(byGuard('hasRole:elder').sort()).toEqual(['GET /api/elders/introductions', 'POST /api/introductions/:id/review']);
    for (const [key, guard] of routes) if (key.includes(' /api/admin/') && !PUBLIC_ROUTES.includes(key)) expect(guard, key).toBe('adminOnly');
    // The outcomes name no member: the admin session reads them too (issue 51); every other coordinator route is the role's.
    expect(byGuard('coordinatorOrAdmin')).toEqual(['GET /api/coordinator/outcomes']);
    for (const [key, guard] of routes) if (key.includes(' /api/coordinator/') && guard !== 'coordinatorOrAdmin') expect(guard, key).toBe('hasRole:coordinator');
  });

  it('every guard is a preValidation hook: none sits in preHandler, where it would run after the body is checked', () => {
    expect(lateGuards).toEqual([]);
  });

  it('a visitor on an admin or staff write route gets 401 before any body or params validation; a member without the role 403', async () => {
    // Fails without the fix: guards ran in preHandler, after validation, so a visitor's bad body got the
    // route's 400 with its field errors (what the staff route takes) instead of 401.
    const member = await signUp(ctx.app);
    const writes = [...declared()].filter(([key, guard]) => !/^(GET|HEAD) /.test(key) && (guard === 'adminOnly' || guard?.startsWith('hasRole:')));
    expect(writes.length).toBeGreaterThan(10);
    for (const [key, guard] of writes) {
      const [method, pattern] = key.split(' ') as [string, string];
      const url = pattern.replace(/:[A-Za-z]+/g, 'not-an-id').replace('*', 'x');
      const hostile = { unexpected: ['field'], email: 42 };
      const visitor = await ctx.app.inject({ method: method as 'POST', url, payload: hostile });
      expect([key, visitor.statusCode, visitor.json().errors]).toEqual([key, 401, []]);
      if (guard === 'adminOnly') continue;
      const asMember = await ctx.app.inject({ method: method as 'POST', url, payload: hostile, headers: { cookie: member.cookie } });
      expect([key, asMember.statusCode, asMember.json().errors]).toEqual([key, 403, []]);
    }
  });

  it('a guard answers before the handler: 401 for a visitor, 403 with the role’s code for a member without it', async () => {
    expect(signedIn.guardName).toBe('signedIn');
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/coordinator/overview' });
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'unauthorized']);
    const member = await signUp(ctx.app);
    const asMember = await ctx.app.inject({ method: 'GET', url: '/api/coordinator/overview', headers: { cookie: member.cookie } });
    expect([asMember.statusCode, asMember.json().code]).toEqual([403, 'coordinators-only']);
    const elders = await ctx.app.inject({ method: 'GET', url: '/api/elders/introductions?status=awaiting-elders', headers: { cookie: member.cookie } });
    expect([elders.statusCode, elders.json().code]).toEqual([403, 'elders-only']);
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/admin/team', headers: { cookie: member.cookie } });
    expect([admin.statusCode, admin.json().code]).toEqual([401, 'admin-required']);
  });
});
