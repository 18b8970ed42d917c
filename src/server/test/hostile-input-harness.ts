/**
 * The world the hostile-input test runs in: the whole app on its own database, every route as
 * registered (onRoute), three kinds of callers, known ids to aim at, and the checks each answer
 * must pass. The generators live in hostile-input-arbitraries.ts; the test in hostile-input.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { reports, sessions, type SessionData } from '#server/db/schema';
import { notifyPersonChanged } from '#server/events/changes';
import { MAX_STREAMS_PER_USER } from '#server/realtime/event-hub';
import { applicationBody, createProfileUser, makeJpeg, validProfileInput } from './factories';
import { testBrowser } from './push-service';
import { createTestContext, sessionCookie, type TestContext } from './test-app';
import { defaultKeyHints, isZodSchema, numericHeaderValue, requestArb, type ValidishContext } from './hostile-input-arbitraries';
import type { Caller, HostileRequest } from './hostile-input-cases';
import { isErrorCode } from '#domain/error-codes';

export interface FuzzRoute {
  method: string;
  url: string;
  /** "METHOD /url", as the regressions name routes. */
  key: string;
  schema: { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}

export interface Observed {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  /** Set when the answer was an event stream (read up to its first chunk, then closed by us). */
  eventStream: boolean;
}

interface LogRecord {
  level: number;
  msg?: string;
  err?: { message?: string; type?: string };
  error?: { message?: string; type?: string };
}

/** Routes whose body is raw bytes, not JSON (their scope has its own content-type parser). */
const RAW_BODY_ROUTES = new Set(['PUT /api/uploads/:id', 'POST /api/verification/selfie']);
/** Raw-body routes whose address is a signed upload ticket the harness made, not the route's pattern. */
const TICKET_ROUTES = new Set(['PUT /api/uploads/:id']);
/** Routes that answer with a never-ending event stream: sent with payloadAsStream and closed by us. */
const EVENT_STREAM_ROUTES = new Set(['GET /api/events', 'HEAD /api/events']);
/** Routes that can suspend one of the two people (the report the harness filed may be resolved with 'suspend'). */
const SUSPENDING_ROUTES = new Set(['POST /api/admin/users/:userId/suspend', 'POST /api/admin/reports/:id/resolve']);
/**
 * Routes that would end the shared user's account or change its password when sent the right password: here the
 * user's password placeholder stands for a wrong one, so every case reaches the code behind the schema (the
 * password check) and the world stays as it is. Their success paths are in accounts.test.ts.
 */
const ACCOUNT_CHANGING_ROUTES = new Set(['POST /api/account/delete', 'POST /api/account/password', 'POST /api/account/email']);

// ---- Prototype pollution ---------------------------------------------------------------------------

const WATCHED_PROTOTYPES: Array<[string, object]> = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
  ['Number', Number.prototype],
  ['Boolean', Boolean.prototype],
  ['RegExp', RegExp.prototype],
  ['Date', Date.prototype],
  ['Error', Error.prototype],
  ['Promise', Promise.prototype],
  ['Map', Map.prototype],
  ['Set', Set.prototype],
  ['Uint8Array', Uint8Array.prototype],
  ['Buffer', Buffer.prototype],
];
/** Keys the generated payloads try to plant on prototypes. */
const PROBE_KEYS = ['polluted', 'isAdmin', 'userId', 'sid', 'a', 'data', 'x'];

export type PrototypeSnapshot = Map<string, Map<PropertyKey, unknown>>;

export function snapshotPrototypes(): PrototypeSnapshot {
  const snapshot: PrototypeSnapshot = new Map();
  for (const [name, proto] of WATCHED_PROTOTYPES) {
    const props = new Map<PropertyKey, unknown>();
    for (const key of Reflect.ownKeys(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      props.set(key, descriptor.value ?? descriptor.get ?? descriptor.set);
    }
    snapshot.set(name, props);
  }
  return snapshot;
}

export function prototypeViolations(before: PrototypeSnapshot): string[] {
  const found: string[] = [];
  const after = snapshotPrototypes();
  for (const [name, props] of after) {
    const old = before.get(name)!;
    for (const [key, value] of props) {
      if (!old.has(key)) found.push(`${name}.prototype gained own key ${String(key)}`);
      else if (old.get(key) !== value) found.push(`${name}.prototype.${String(key)} was replaced`);
    }
    for (const key of old.keys()) if (!props.has(key)) found.push(`${name}.prototype lost ${String(key)}`);
  }
  const plain: Record<string, unknown> = {};
  for (const key of PROBE_KEYS) if (plain[key] !== undefined) found.push(`({}).${key} is ${String(plain[key])}`);
  return found;
}

// ---- Sample files for the upload route --------------------------------------------------------------

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG header claiming 65535 × 65535 pixels with no pixel data: a decompression bomb's calling card. */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(65535, 0);
  header.writeUInt32BE(65535, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
}

async function sampleFiles(): Promise<Record<string, Buffer>> {
  const solid = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } });
  return {
    jpeg: await makeJpeg(),
    jpegWithGps: await makeJpeg({ gps: true, orientation: 6 }),
    png: await solid().png().toBuffer(),
    webp: await solid().webp().toBuffer(),
    gif: await solid().gif().toBuffer(),
    hugePngHeader: hugePngHeader(),
    svg: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><script>alert(1)</script><text>&x;</text></svg>',
    ),
    json: Buffer.from('{"__proto__":{"polluted":"yes"}}'),
    empty: Buffer.alloc(0),
    overTenMegabytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
  };
}

// ---- The world -------------------------------------------------------------------------------------

interface CallerState {
  cookie: string | null;
  stale: boolean;
  data: SessionData;
}

export interface HostileWorld {
  ctx: TestContext;
  routes: FuzzRoute[];
  /** The generator of requests for a route (schema-derived, mutated). */
  requestArb(route: FuzzRoute): fc.Arbitrary<HostileRequest>;
  /** How often each route answered each status (for the summary). */
  statuses: Map<string, Map<number, number>>;
  /** Sends one request and answers every property it broke (none: empty). */
  probe(route: FuzzRoute | undefined, request: HostileRequest, prototypes: PrototypeSnapshot): Promise<string[]>;
  /** Puts the signed-in user back as the fixtures made them (profile, photos, active). */
  restore(): Promise<void>;
  healthz(): Promise<number>;
  /** Holds the most event streams one user may have open at once: all 200 only if none was left open. */
  eventStreamStatuses(): Promise<number[]>;
  close(): Promise<void>;
}

export async function createHostileWorld(): Promise<HostileWorld> {
  const routes: FuzzRoute[] = [];
  const logs: LogRecord[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as LogRecord);
      }
      done();
    },
  });
  const onRoute = (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as FuzzRoute['schema'];
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, key: `${method} ${route.url}`, schema });
  };
  // Push endpoints of this origin are stored without a DNS lookup: mutated endpoints never go to the network.
  const ctx = await createTestContext({ pushEndpointAllow: ['https://push.hostile.test'] }, { onRoute, logger: { level: 'warn', stream: logStream }, uploadsPerHour: 1_000_000, maxUnusedUploads: 1_000_000 });
  const { app } = ctx;

  let addressCounter = 0;
  const nextAddress = () => {
    addressCounter += 1;
    return `172.${16 + ((addressCounter >> 16) & 15)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  };

  // Two people who are each other's match candidates; the second is also an approved volunteer.
  const me = await createProfileUser(app);
  const other = await createProfileUser(app, { name: 'Krishna Das', gender: 'man', dateOfBirth: '1990-02-11' });
  const adminLogin = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: ctx.config.adminPassword }, remoteAddress: nextAddress() });
  if (adminLogin.statusCode !== 204) throw new Error(`admin login: ${adminLogin.statusCode} ${adminLogin.body}`);
  const callers: Record<Exclude<Caller, 'visitor'>, CallerState> = {
    user: { cookie: me.account.cookie, stale: false, data: { userId: me.account.id } },
    admin: { cookie: sessionCookie(adminLogin), stale: false, data: { isAdmin: true } },
  };
  // The signed-in user has applied too (not approved), so their own volunteer routes answer with data.
  const ownApplication = await app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: me.account.cookie }, payload: applicationBody({ name: 'Radha Devi', email: me.account.email }) });
  if (ownApplication.statusCode !== 201) throw new Error(`own volunteer application: ${ownApplication.statusCode} ${ownApplication.body}`);
  const application = await app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: other.account.cookie }, payload: applicationBody() });
  if (application.statusCode !== 201) throw new Error(`volunteer application: ${application.statusCode} ${application.body}`);
  const volunteerId = application.json<{ id: string }>().id;
  const approved = await app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${volunteerId}`, headers: { cookie: callers.admin.cookie! }, payload: { approved: true } });
  if (approved.statusCode !== 200) throw new Error(`approval: ${approved.statusCode} ${approved.body}`);
  // The signed-in user is a coordinator and an elder, so those routes reach their code, and has
  // proposed an introduction of the other person to a third member.
  for (const userId of [me.account.id]) {
    const granted = await app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/roles`, headers: { cookie: callers.admin.cookie! }, payload: { coordinator: true, elder: true }, remoteAddress: nextAddress() });
    if (granted.statusCode !== 200) throw new Error(`roles: ${granted.statusCode} ${granted.body}`);
  }
  const third = await createProfileUser(app, { name: 'Sita Devi', courtshipAlignment: 'either-with-guidance' });
  const proposed = await app.inject({ method: 'POST', url: '/api/introductions', headers: { cookie: me.account.cookie }, payload: { memberA: third.account.id, memberB: other.account.id, note: 'Both sing kirtan' }, remoteAddress: nextAddress() });
  if (proposed.statusCode !== 201) throw new Error(`introduction: ${proposed.statusCode} ${proposed.body}`);
  const introductionId = proposed.json<{ id: string }>().id;
  // A thread between the two, so message and conversation answers are not all empty.
  await app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: me.account.cookie }, payload: { receiverId: other.account.id, content: 'Hare Krishna! Shall we talk?' } });

  // A third person the signed-in user reported, so the admin's resolve route reaches a real report once.
  const reportedPerson = await createProfileUser(app, { name: 'Madhava Reported', gender: 'man', dateOfBirth: '1991-04-04' });
  const filed = await app.inject({ method: 'POST', url: '/api/reports', headers: { cookie: me.account.cookie }, payload: { userId: reportedPerson.account.id, reason: 'other' }, remoteAddress: nextAddress() });
  if (filed.statusCode !== 201) throw new Error(`report: ${filed.statusCode} ${filed.body}`);

  const lastPart = (path: string) => path.split('/').pop()!;
  const known: Record<string, string> = {
    '~~user.id~~': me.account.id,
    '~~user.email~~': me.account.email,
    '~~user.password~~': me.account.password,
    '~~user.profileId~~': me.profile.id,
    '~~other.id~~': other.account.id,
    '~~other.email~~': other.account.email,
    '~~other.profileId~~': other.profile.id,
    '~~volunteer.id~~': volunteerId,
    '~~photo.path~~': me.photos[0]!,
    '~~photo.key~~': lastPart(me.photos[0]!),
    '~~other.photo.path~~': other.photos[0]!,
    '~~other.photo.key~~': lastPart(other.photos[0]!),
    '~~admin.password~~': ctx.config.adminPassword ?? '',
    '~~report.id~~': filed.json<{ id: string }>().id,
    '~~third.id~~': third.account.id,
    '~~introduction.id~~': introductionId,
  };
  const samples = await sampleFiles();
  const validishContext: ValidishContext = {
    known,
    lateUuids: ['~~ticket.id~~'],
    keyHints: {
      ...defaultKeyHints,
      email: fc.constantFrom('~~user.email~~', '~~other.email~~'),
      password: fc.constantFrom('~~user.password~~', '~~admin.password~~'),
      photoURL: fc.constantFrom('~~ticket.url~~', '~~upload.url~~', '/api/uploads/~~ticket.id~~', 'https://evil.example/api/uploads/x'),
      photo: fc.constantFrom('~~photo.path~~', '~~other.photo.path~~', '~~upload.path~~'),
      signature: fc.constant('~~ticket.signature~~'),
      expires: fc.constantFrom('~~ticket.expires~~', String(Date.now() + 60_000)),
    },
  };

  // Bodies that pass every rule, by route: mutations of one field then reach the code behind the schema.
  const bodySeeds: Record<string, unknown> = {
    'POST /api/auth/register': { email: 'new.person@example.com', password: 'a good long password' },
    'POST /api/auth/login': { email: '~~user.email~~', password: '~~user.password~~' },
    'POST /api/auth/password-reset': { email: '~~other.email~~' },
    'POST /api/auth/password-reset/confirm': { token: 'x'.repeat(43), password: 'a good long password' },
    'POST /api/profile': validProfileInput(),
    'PATCH /api/profile': { photos: ['~~photo.path~~', '~~other.photo.path~~'] },
    'PATCH /api/profile/toggle-active': { active: true },
    'PUT /api/profile-photos': { photoURL: '~~upload.url~~' },
    'POST /api/volunteer-application': applicationBody(),
    'PATCH /api/volunteer-profile': { photo: '~~upload.path~~' },
    'POST /api/admin/login': { password: '~~admin.password~~' },
    'PATCH /api/admin/volunteer-applications/:id': { approved: true },
    'POST /api/messages': { receiverId: '~~other.id~~', content: 'Hare Krishna 🙏 שלום' },
    'POST /api/blocks': { userId: '~~other.id~~' },
    'POST /api/reports': { userId: '~~other.id~~', reason: 'scam-or-money', details: 'Asked for a gift card 🎁' },
    'POST /api/admin/reports/:id/resolve': { action: 'warn', note: 'Be kind' },
    'POST /api/admin/users/:userId/suspend': { reason: 'Hostile input' },
    'POST /api/introductions': { memberA: '~~third.id~~', memberB: '~~other.id~~', note: 'Both sing kirtan 🙏' },
    'POST /api/introductions/:id/cancel': { note: 'Travelling' },
    'POST /api/introductions/:id/respond': { accept: true, reason: 'Not now' },
    'POST /api/introductions/:id/review': { decision: 'approve', note: 'Good' },
    'POST /api/introductions/:id/follow-up': { status: 'continuing', note: 'We met' },
    'POST /api/introduction-requests': { userId: '~~other.id~~', note: 'Please' },
    'POST /api/introductions/:id/end': { note: 'We parted kindly 🙏' },
    'PUT /api/admin/users/:userId/roles': { coordinator: true, elder: true },
    'POST /api/auth/verify-email': { token: 'x'.repeat(43) },
    'POST /api/account/password': { currentPassword: '~~user.password~~', newPassword: 'a good long password' },
    'POST /api/account/email': { newEmail: '~~other.email~~', password: '~~user.password~~' },
    'PUT /api/account/preferences': { language: 'es', notifyMessages: false, notifyIntroductions: true },
    'POST /api/account/delete': { password: '~~user.password~~' },
    'POST /api/references': { name: 'Guru Das', email: 'guru.das@example.com', relationship: 'spiritual-teacher', language: 'es' },
    'POST /api/reference-requests/:token': {
      refereeName: 'Vrinda',
      knownForYears: 12,
      inGoodStanding: 'yes',
      recommend: 'with-reservations',
      character: 'Kind and steady in service 🙏 for many years.',
      concerns: 'None',
      mayContact: true,
      phone: '+1 (555) 0100',
    },
    'POST /api/coordinator/members/:userId/verification': { method: 'video-call', note: 'Met by video 🙏' },
    'POST /api/push/subscriptions': testBrowser('https://push.hostile.test/device/1').subscription,
    'DELETE /api/push/subscriptions': { endpoint: 'https://push.hostile.test/device/1' },
    'POST /api/unsubscribe': { token: `${Buffer.from(`${me.account.id}:messages`).toString('base64url')}.${'x'.repeat(43)}` },
  };

  // ---- Sessions: a request that rotates or ends the caller's session gets them a new one.
  const mint = async (state: CallerState) => {
    const sid = randomBytes(32).toString('base64url');
    await ctx.database.db.insert(sessions).values({ sid, sess: state.data, expire: new Date(Date.now() + 60 * 60 * 1000) });
    state.cookie = `sanga.sid=${encodeURIComponent(app.signCookie(sid))}`;
    state.stale = false;
  };
  const cookieOf = async (caller: Caller): Promise<string | null> => {
    if (caller === 'visitor') return null;
    const state = callers[caller];
    if (state.stale) await mint(state);
    return state.cookie;
  };

  const newTicket = async () => {
    const response = await app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: (await cookieOf('user'))! }, remoteAddress: nextAddress() });
    if (response.statusCode !== 200) throw new Error(`upload ticket: ${response.statusCode} ${response.body}`);
    const url = response.json<{ uploadURL: string }>().uploadURL;
    const parsed = new URL(url, 'http://localhost');
    return {
      '~~ticket.url~~': url,
      '~~ticket.id~~': lastPart(parsed.pathname),
      '~~ticket.expires~~': parsed.searchParams.get('expires') ?? '',
      '~~ticket.signature~~': encodeURIComponent(parsed.searchParams.get('signature') ?? ''),
    };
  };

  const statuses = new Map<string, Map<number, number>>();
  /** A finished upload of a real JPEG: its upload URL (registrable) and, once registered, its object path. */
  const newUpload = async () => {
    const ticket = await newTicket();
    const cookie = (await cookieOf('user'))!;
    const put = await app.inject({ method: 'PUT', url: ticket['~~ticket.url~~'], headers: { cookie, 'content-type': 'image/jpeg' }, payload: samples.jpeg, remoteAddress: nextAddress() });
    if (put.statusCode !== 200) throw new Error(`upload: ${put.statusCode} ${put.body}`);
    const registered = await app.inject({ method: 'PUT', url: '/api/profile-photos', headers: { cookie }, payload: { photoURL: ticket['~~ticket.url~~'] }, remoteAddress: nextAddress() });
    if (registered.statusCode !== 200) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
    return { '~~upload.url~~': ticket['~~ticket.url~~'], '~~upload.path~~': registered.json<{ objectPath: string }>().objectPath };
  };

  const fill = (text: string, values: Record<string, string>) => text.replace(/~~[A-Za-z.]+~~/g, (name) => values[name] ?? name);

  async function send(route: FuzzRoute | undefined, request: HostileRequest): Promise<Observed> {
    const everything = `${request.url}\n${request.body ?? ''}\n${Object.values(request.headers).join('\n')}`;
    const values = {
      ...known,
      ...(route && ACCOUNT_CHANGING_ROUTES.has(route.key) ? { '~~user.password~~': 'not the password of the user' } : {}),
      ...(everything.includes('~~ticket.') ? await newTicket() : {}),
      ...(everything.includes('~~upload.') ? await newUpload() : {}),
    };
    const headers: Record<string, string> = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, fill(value, values)]));
    const cookie = await cookieOf(request.caller);
    if (cookie) headers.cookie = headers.cookie ? `${cookie}; ${headers.cookie}` : cookie;
    let payload: string | Buffer | undefined;
    if (request.bodyBase64 !== undefined) {
      payload = request.bodyBase64.startsWith('@sample:') ? samples[request.bodyBase64.slice('@sample:'.length)] : Buffer.from(request.bodyBase64, 'base64');
    } else if (request.body !== undefined) {
      payload = fill(request.body, values);
    }
    const isEventStream = route !== undefined && EVENT_STREAM_ROUTES.has(route.key);
    const response = await app.inject({
      method: request.method as 'GET',
      url: fill(request.url, values),
      headers,
      payload,
      remoteAddress: nextAddress(),
      payloadAsStream: isEventStream,
    });
    const setCookie = [response.headers['set-cookie'] ?? []].flat().map(String);
    if (request.caller !== 'visitor' && setCookie.some((line) => line.startsWith('sanga.sid='))) callers[request.caller].stale = true;
    // A suspension ends every session of that person: undone at once, so the next run (which may need the user's
    // session to make an upload ticket) starts from an active user again, not only after the route's last run.
    if (route && SUSPENDING_ROUTES.has(route.key) && response.statusCode < 300) await unsuspendBoth();

    if (!isEventStream) {
      return { statusCode: response.statusCode, headers: response.headers, body: response.rawPayload, eventStream: false };
    }
    const stream = response.stream();
    const contentType = String(response.headers['content-type'] ?? '');
    if (!contentType.startsWith('text/event-stream')) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks), eventStream: false };
    }
    // An open stream: take its first chunk, let the handler finish its replay (one more round trip
    // through the database queue), then hang up as a browser tab would.
    const first = await new Promise<Buffer>((resolve) => {
      const timer = setTimeout(() => resolve(Buffer.alloc(0)), request.method === 'HEAD' ? 0 : 1000);
      stream.once('data', (chunk: Buffer) => {
        clearTimeout(timer);
        resolve(chunk);
      });
    });
    await app.inject({ method: 'GET', url: '/healthz' });
    await new Promise((resolve) => setImmediate(resolve));
    stream.on('error', () => {});
    response.raw.res.destroy();
    return { statusCode: response.statusCode, headers: response.headers, body: first, eventStream: true };
  }

  /**
   * The request in flight: fast-check's time limit returns from check() without waiting for it, and a logout still
   * running then would end the session restore() just minted (it shares the caller's cookie). restore() waits for it.
   */
  let inFlight: Promise<unknown> = Promise.resolve();

  async function probe(route: FuzzRoute | undefined, request: HostileRequest, prototypes: PrototypeSnapshot): Promise<string[]> {
    const logStart = logs.length;
    const sending = send(route, request);
    inFlight = sending.catch(() => undefined);
    const observed = await sending;
    const counts = statuses.get(route?.key ?? '?') ?? new Map<number, number>();
    counts.set(observed.statusCode, (counts.get(observed.statusCode) ?? 0) + 1);
    statuses.set(route?.key ?? '?', counts);
    return [...answerViolations(route, request, observed), ...logViolations(logs.slice(logStart)), ...prototypeViolations(prototypes)];
  }

  /** Lifts a suspension of either person (ending the user's sessions was part of it: the next call mints one). */
  async function unsuspendBoth() {
    const admin = (await cookieOf('admin'))!;
    for (const userId of [me.account.id, other.account.id]) {
      const response = await app.inject({ method: 'POST', url: `/api/admin/users/${userId}/unsuspend`, headers: { cookie: admin }, remoteAddress: nextAddress() });
      if (response.statusCode !== 200) throw new Error(`restore unsuspend: ${response.statusCode} ${response.body}`);
    }
    callers.user.stale = true;
  }

  async function restore() {
    await inFlight;
    // Safety routes may have suspended either person (ending the user's sessions), blocked the other, or filed
    // enough reports to hold someone for review: undo all of it through the API and the match index's notice.
    await unsuspendBoth();
    const cookie = (await cookieOf('user'))!;
    await app.inject({ method: 'DELETE', url: `/api/blocks/${other.account.id}`, headers: { cookie }, remoteAddress: nextAddress() });
    await ctx.database.db.update(reports).set({ status: 'resolved' }).where(and(eq(reports.status, 'open'), ne(reports.id, known['~~report.id~~']!)));
    for (const userId of [me.account.id, other.account.id]) await notifyPersonChanged(ctx.database.db as Db, userId);
    const steps = [
      { method: 'POST' as const, url: '/api/profile', payload: validProfileInput() },
      { method: 'PATCH' as const, url: '/api/profile', payload: { photos: me.photos } },
      { method: 'PATCH' as const, url: '/api/profile/toggle-active', payload: { active: true } },
    ];
    for (const step of steps) {
      const response = await app.inject({ ...step, headers: { cookie }, remoteAddress: nextAddress() });
      if (response.statusCode >= 300) throw new Error(`restore ${step.method} ${step.url}: ${response.statusCode} ${response.body}`);
    }
    await cookieOf('admin');
  }

  const requestArbFor = (route: FuzzRoute) =>
    requestArb({
      method: route.method,
      url: route.url,
      schema: route.schema,
      ctx: validishContext,
      bytes: RAW_BODY_ROUTES.has(route.key) ? samples : undefined,
      urlOverride: TICKET_ROUTES.has(route.key) ? '~~ticket.url~~' : undefined,
      headerHints: EVENT_STREAM_ROUTES.has(route.key) ? { 'last-event-id': numericHeaderValue } : undefined,
      bodySeed: bodySeeds[route.key],
    });

  return {
    ctx,
    routes,
    statuses,
    requestArb: requestArbFor,
    probe,
    restore,
    healthz: async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode,
    eventStreamStatuses: async () => {
      const headers = { cookie: (await cookieOf('user'))! };
      const open = [];
      for (let i = 0; i < MAX_STREAMS_PER_USER; i += 1) {
        open.push(await app.inject({ method: 'GET', url: '/api/events', headers, payloadAsStream: true }));
      }
      for (const response of open) {
        response.stream().on('error', () => {});
        response.raw.res.destroy();
      }
      return open.map((response) => response.statusCode);
    },
    close: () => ctx.close(),
  };
}

// ---- The properties of one answer ------------------------------------------------------------------

function decodedBody(observed: Observed): string {
  const encoding = String(observed.headers['content-encoding'] ?? '');
  let bytes = observed.body;
  if (encoding === 'gzip') bytes = zlib.gunzipSync(bytes);
  else if (encoding === 'br') bytes = zlib.brotliDecompressSync(bytes);
  else if (encoding === 'deflate') bytes = zlib.inflateSync(bytes);
  return bytes.toString('utf8');
}

function parseJson(observed: Observed): { ok: true; value: unknown } | { ok: false; problem: string } {
  const contentType = String(observed.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return { ok: false, problem: `content-type is ${JSON.stringify(contentType)}, not JSON` };
  let text: string;
  try {
    text = decodedBody(observed);
  } catch (error) {
    return { ok: false, problem: `body could not be decompressed: ${(error as Error).message}` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, problem: `body is not JSON: ${text.slice(0, 200)}` };
  }
}

function isErrorBody(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message, errors } = value as { code?: unknown; message?: unknown; errors?: unknown };
  return (
    isErrorCode(code) &&
    typeof message === 'string' &&
    Array.isArray(errors) &&
    errors.every((item: unknown) => typeof item === 'object' && item !== null && typeof (item as { path?: unknown }).path === 'string' && typeof (item as { message?: unknown }).message === 'string')
  );
}

/** Whether the URL, once its dot segments are resolved as any URL parser does, still has the route's shape. */
function reachesRoute(route: FuzzRoute, url: string): boolean {
  const pattern = route.url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return true;
  }
  return new RegExp(`^${pattern}/?$`).test(pathname);
}

export function answerViolations(route: FuzzRoute | undefined, request: HostileRequest, observed: Observed): string[] {
  const { statusCode } = observed;
  const found: string[] = [];
  const hasBody = request.method !== 'HEAD' && statusCode !== 204 && statusCode !== 304;
  if (statusCode >= 500) {
    let text = '';
    try {
      text = decodedBody(observed).slice(0, 300);
    } catch {
      // keep the status alone
    }
    found.push(`answered ${statusCode} ${text}`);
    return found;
  }
  if (statusCode >= 400 && hasBody) {
    const parsed = parseJson(observed);
    if (!parsed.ok) found.push(`${statusCode}: ${parsed.problem}`);
    else if (!isErrorBody(parsed.value)) found.push(`${statusCode} body is not {code, message, errors}: ${JSON.stringify(parsed.value).slice(0, 300)}`);
  }
  if (statusCode >= 300 && statusCode < 400) {
    const location = String(observed.headers.location ?? '');
    // eslint-disable-next-line no-control-regex
    if (!location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\') || /[\u0000-\u001f\\]/.test(location)) {
      found.push(`${statusCode} redirects off-site: ${JSON.stringify(location.slice(0, 200))}`);
    }
  }
  // A path parameter of "." or ".." (even as %2e%2e) is a dot segment: the URL parser resolves it, and the request
  // reaches another route (`/api/guarding/%2e%2e/messages/X` is `/api/messages/X`), whose answer is not this one's.
  if (statusCode >= 200 && statusCode < 300 && hasBody && !observed.eventStream && (!route || reachesRoute(route, request.url))) {
    const responses = route?.schema.response ?? {};
    const schema = responses[String(statusCode)] ?? responses[`${String(statusCode)[0]}xx`];
    if (isZodSchema(schema)) {
      const parsed = parseJson(observed);
      if (!parsed.ok) found.push(`${statusCode}: ${parsed.problem}`);
      else {
        const result = (schema as unknown as { safeParse(value: unknown): { success: boolean; error?: { message: string } } }).safeParse(parsed.value);
        if (!result.success) found.push(`${statusCode} does not match the route's response schema: ${result.error?.message.slice(0, 300)}`);
      }
    }
  }
  if (observed.eventStream && statusCode !== 200) found.push(`event stream opened with ${statusCode}`);
  return found;
}

function logViolations(records: LogRecord[]): string[] {
  return records
    .filter((record) => record.level >= 50)
    .map((record) => {
      const error = record.err ?? record.error;
      return `logged an error: ${record.msg ?? ''} ${error?.type ?? ''} ${(error?.message ?? '').slice(0, 300)}`.trim();
    });
}
