/**
 * The API description (GET /api/openapi.json) against the running app:
 *   - every route Fastify registered (walked through the onRoute hook, so a route another branch adds is
 *     covered without touching this file) is in the document with its method;
 *   - a real run of representative calls — the factories and a session of each kind — is recorded, and every
 *     JSON answer must match the schema the document gives for its route and status (4xx and 5xx: the shared
 *     error shape). An answer whose status the document does not describe fails too.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from './openapi';
import { applicationBody, createProfileUser } from './test/factories';
import { createRouteCatalogue } from './test/route-catalogue';
import { createTestContext, sessionCookie, signUp, type TestContext } from './test/test-app';

interface Recorded {
  route: string;
  status: number;
  contentType: string;
  body: string;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

const catalogue = createRouteCatalogue();
let ctx: TestContext;
const recorded: Recorded[] = [];
let doc: OpenApiDocument;

/** "GET /api/match/:id" → the document's path and method: "/api/match/{id}", "get". */
function docPathOf(routeKey: string): { method: string; path: string } {
  const [method, url] = routeKey.split(' ') as [string, string];
  return { method: method.toLowerCase(), path: url.replace(/:([A-Za-z0-9_]+)/g, '{$1}') };
}

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' }, { onRoute: catalogue.onRoute });
  // Every answer of the run below, whoever sends it (the factories too), with the route it reached.
  const inject = ctx.app.inject.bind(ctx.app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  (ctx.app as unknown as { inject: typeof inject }).inject = async (options) => {
    const response = await inject(options);
    const route = catalogue.takeMatched();
    if (route) recorded.push({ route, status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body });
    return response;
  };
  const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
}, 60_000);
afterAll(() => ctx.close());

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and describes every registered route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const routes = catalogue.routes();
    expect(routes.length).toBeGreaterThan(30);
    // OpenAPI has no wildcard paths: a catch-all that only refuses (the guardian's writes: always 403)
    // describes nothing a client can call.
    const missing = routes.filter((key) => {
      if (key.endsWith('/*')) return false;
      const { method, path } = docPathOf(key);
      return !doc.paths[path]?.[method];
    });
    expect(missing, 'routes missing from the API description').toEqual([]);
  });

  it('describes what the routes validate: the admin list parameters, a body, a path parameter', () => {
    const parameters = (doc.paths['/api/admin/user-profiles']!.get as { parameters: { name: string; in: string }[] }).parameters;
    expect(parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['query:limit', 'query:offset', 'query:q', 'query:status']);
    expect(JSON.stringify(doc.paths['/api/auth/register']!.post)).toContain('"password"');
    expect(JSON.stringify(doc.paths['/api/match/{id}']!.get)).toContain('"in":"path"');
  });

  it('real answers of representative calls match the schemas the document describes', async () => {
    const { app } = ctx;
    const call = (options: InjectOptions) => app.inject(options);
    await call({ method: 'GET', url: '/healthz' });
    await call({ method: 'GET', url: '/readyz' });
    await call({ method: 'GET', url: '/api/auth/user' });
    await call({ method: 'POST', url: '/api/auth/register', payload: { email: 'not an email', password: 'x' } });
    const woman = await createProfileUser(app, { gender: 'woman' });
    const man = await createProfileUser(app, { gender: 'man', dateOfBirth: '1990-02-02' });
    const asWoman = { cookie: woman.account.cookie };
    await call({ method: 'GET', url: '/api/auth/user', headers: asWoman });
    await call({ method: 'GET', url: '/api/profile', headers: asWoman });
    await call({ method: 'GET', url: '/api/profile-photos', headers: asWoman });
    await call({ method: 'GET', url: '/api/matches?limit=5', headers: asWoman });
    await call({ method: 'GET', url: `/api/match/${man.profile.id}`, headers: asWoman });
    await call({ method: 'POST', url: '/api/messages', headers: asWoman, payload: { receiverId: man.account.id, content: 'Hare Krishna' } });
    await call({ method: 'GET', url: `/api/messages/${man.account.id}`, headers: asWoman });
    await call({ method: 'GET', url: '/api/conversations', headers: asWoman });
    await call({ method: 'GET', url: `/api/user/${man.account.id}/info`, headers: asWoman });
    const applicant = await signUp(app);
    const application = await call({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: applicant.cookie }, payload: applicationBody() });
    await call({ method: 'GET', url: '/api/volunteer-profile', headers: { cookie: applicant.cookie } });
    await call({ method: 'GET', url: '/api/volunteers' });
    const admin = { cookie: sessionCookie(await call({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } })) };
    await call({ method: 'GET', url: '/api/admin/session', headers: admin });
    await call({ method: 'GET', url: '/api/admin/user-profiles?q=a&limit=5', headers: admin });
    await call({ method: 'GET', url: '/api/admin/user-profiles?limit=0', headers: admin });
    await call({ method: 'GET', url: '/api/admin/partner-applications', headers: admin });
    await call({ method: 'GET', url: '/api/admin/volunteer-applications?status=pending', headers: admin });
    await call({ method: 'PATCH', url: `/api/admin/volunteer-applications/${application.json<{ id: string }>().id}`, headers: admin, payload: { approved: true } });
    await call({ method: 'GET', url: `/api/match/${man.profile.id}` });

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const problems: string[] = [];
    const checkedRoutes = new Set<string>();
    for (const answer of recorded) {
      if (!answer.contentType.startsWith('application/json')) continue;
      const { method, path } = docPathOf(answer.route);
      const responses = doc.paths[path]?.[method]?.responses ?? {};
      const described = responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`];
      const schema = described?.content?.['application/json']?.schema;
      if (!schema) {
        problems.push(`${answer.route} ${answer.status}: the document describes no JSON answer`);
        continue;
      }
      if (!ajv.validate(schema, JSON.parse(answer.body))) {
        problems.push(`${answer.route} ${answer.status}: ${ajv.errorsText(ajv.errors)} in ${answer.body.slice(0, 300)}`);
      }
      checkedRoutes.add(answer.route);
    }
    expect(problems).toEqual([]);
    // The run reached most of the API (a guard against a recorder that silently records nothing).
    expect(checkedRoutes.size).toBeGreaterThanOrEqual(20);
  }, 60_000);
});
