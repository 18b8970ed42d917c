/**
 * The permission matrix: every route of the server, one row each, against five callers.
 *
 *   visitor    no cookie at all.
 *   noProfile  signed in (registered), no profile, nothing else.
 *   other      signed in with an active two-photo profile, owning none of the objects asked for, and a
 *              match candidate of nobody in this world: a woman like the owner (same gender), and outside
 *              the partner's strict age range. So every cross-user read must be refused to her.
 *   admin      a visitor session that signed in with POST /api/admin/login and the test admin password. It has
 *              no user (docs/security.md: the admin flag lives in the server session), so user routes answer
 *              it 401, while photos and /api/admin/* are open to it.
 *   owner      the user who owns the objects the row names (profile, photos, upload tickets, the thread with
 *              the partner, a pending volunteer application), where the route has such an object; else "n/a".
 *
 * The rows are found by walking the routes the server registers (the onRoute hook of buildApp): a route
 * without a row, or a row without a route, fails the first test. Each cell checks the status, that the
 * request reached its row's route, that an error answer is the usual {message, errors} body, and — for every
 * caller who is neither the owner nor an admin allowed in — that no owner data (name, email, ids, photo keys,
 * message text, application email) appears in the answer. Routes that spend the caller's session (logout,
 * register, sign-in, password reset, admin sign-in/out) run on a fresh session per cell; routes that would
 * give the shared noProfile/other caller something to own run on a fresh account of the same kind.
 * HEAD routes that Fastify adds for each GET are covered by the GET row (see ../test/route-catalogue.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorMessages } from '#domain/error-codes';
import { launchChecklistItems } from '#domain/staff/launch-checklist';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { placeholderPath } from '#domain/profile/photo-privacy';
import { applicationBody, createProfileUser, makeJpeg, uploadPhoto, validProfileInput } from '#server/test/factories';
import { testBrowser } from '#server/test/push-service';
import { createCapturingMailer, createTestContext, sessionCookie, signUp, uniqueEmail, type TestContext, settleJobs } from '#server/test/test-app';
import { createRouteCatalogue, type RouteKey } from '#server/test/route-catalogue';
import { strFromU8, unzipSync } from 'fflate';
import { signUnsubscribe } from '#server/features/notifications/unsubscribe-token';
import { and, eq } from 'drizzle-orm';
import { memberReferences, selfieChecks, users } from '#server/db/schema';
import { sha256 } from '#server/features/auth/email-tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live referee link of the partner's: the token is the authority, so each cell spends one of its own. */
async function partnerRefereeToken(w: World): Promise<string> {
  const token = `matrix-${Math.random().toString(36).slice(2)}-${Date.now()}-referee-token`;
  await ctx.database.db.insert(memberReferences).values({
    userId: w.partner.id,
    name: 'Referee Person',
    email: uniqueEmail('referee'),
    relationship: 'mentor',
    language: 'en',
    status: 'requested',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
    requestedAt: new Date(),
  });
  return token;
}
const REFEREE_ANSWER = { refereeName: 'Vrinda', knownForYears: 3, inGoodStanding: 'yes', recommend: 'yes', character: 'Kind and steady in service.', mayContact: false };

const CALLERS = ['visitor', 'noProfile', 'other', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];

const ADMIN_PASSWORD = 'test-admin-password';
const NEW_PASSWORD = 'a brand new password';

// ---------------------------------------------------------------------------------------------------------
// The fixture world

interface Account {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

interface World {
  jpeg: Buffer;
  owner: Account & {
    name: string;
    input: ProfileFormValues;
    profileId: string;
    /** Object paths (/objects/photos/…) of the two profile photos. */
    photos: string[];
    /** The spent upload URL of photos[0], as PUT /api/profile-photos takes it. */
    photoUploadURL: string;
    /** An upload URL of the owner's, not used yet. */
    openTicketURL: string;
    applicationId: string;
    applicationBody: Record<string, unknown>;
    applicationEmail: string;
  };
  /** A man whose profile is the owner's match candidate; owner and partner have written to each other. */
  partner: Account & { profileId: string; firstName: string };
  other: Account & { name: string; input: ProfileFormValues; profileId: string };
  noProfile: Account;
  /** An account whose credentials the sign-in row uses, so signing in affects none of the callers. */
  loginTarget: Account;
  /** An approved volunteer with a public photo, so the Guidance list is not empty. */
  guide: Account & { name: string; applicationId: string };
  adminCookie: string;
  ownerMessage: string;
  /** A warning notice the owner got from an admin's decision on a report filed by a candidate of hers. */
  ownerNoticeId: string;
  /** An open report about the owner, for the admin's resolve row. */
  openReportId: string;
  /** An account the admin suspends and unsuspends in its rows, so no caller of the matrix loses its session. */
  suspendee: Account;
  /**
   * The owner is also a coordinator and an elder (granted by the admin), so the owner column of the
   * coordinator and elder rows is the allowed caller. Introductions proposed by another coordinator: `respond`
   * asks the owner first (owner × partner), `follow` introduced the owner and partner2, `cancel` and `review`
   * are between two other members and await the elders.
   */
  intro: { respond: string; follow: string; cancel: string; review: string; proposeA: string; proposeB: string; request: string };
  /**
   * The owner's guardian (an account of its own, accepted, reading her conversations), the link's id,
   * and a second invitation of hers not yet accepted (so she is at the limit of 2).
   */
  guardian: Account & { linkId: string; spareLinkId: string };
  /**
   * A reference of the owner's the owner withdraws in its row (`withdraw`), one she keeps (`kept`), and a
   * received one of the partner's, whom the owner (a coordinator) reads and verifies.
   */
  refs: { withdraw: string; kept: string; partnerReceived: string };
  /** Selfies awaiting review: the partner's, which the owner (a coordinator) reads, and partner2's, which she decides. */
  selfies: { read: string; decide: string };
  /** Strings that only the owner (and an admin) may ever see. */
  secrets: string[];
}

const OWNER_NAME = 'Ottilie Ownerby';
const OTHER_INPUT = { name: 'Olga Otherly', gender: 'woman', dateOfBirth: '1960-03-03', minAge: 55, maxAge: 75 } as const;
/** The partner seeks 25 to 45, strictly: the owner (born 1994) is in, "other" (born 1960) is out. */
const PARTNER_INPUT = { name: 'Pradeep Partnerson', gender: 'man', dateOfBirth: '1990-02-02', minAge: 25, maxAge: 45, ageFlexibility: 'strict' } as const;

const catalogue = createRouteCatalogue();
const mailer = createCapturingMailer();
const mailbox = mailer.sent;

let ctx: TestContext;
let baseUrl: string;
let world: World;

let ipCounter = 0;
/** A remote address of its own for every request we make, so per-IP limits never decide a cell. */
function nextIp(): string {
  ipCounter += 1;
  return `10.250.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
}

async function inject(options: { method: string; url: string; cookie?: string; payload?: unknown; headers?: Record<string, string> }) {
  return ctx.app.inject({
    method: options.method as 'GET',
    url: options.url,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    payload: options.payload as string | undefined,
    remoteAddress: nextIp(),
  });
}

/** Signs in again with the password: a new session of the same account, the others untouched. */
async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
  expectStatus(response, 200, 'sign-in');
  return sessionCookie(response);
}

/** A plain visitor session (no user) that signs in as admin. */
async function adminSession(): Promise<string> {
  const response = await inject({ method: 'POST', url: '/api/admin/login', payload: { password: ADMIN_PASSWORD } });
  expectStatus(response, 204, 'admin sign-in');
  return sessionCookie(response);
}

/** The whole upload flow, keeping the upload URL. */
async function uploadWithUrl(cookie: string, jpeg: Buffer): Promise<{ uploadURL: string; objectPath: string }> {
  const uploadURL = await newTicket(cookie);
  expectStatus(await inject({ method: 'PUT', url: uploadURL, cookie, payload: jpeg, headers: { 'content-type': 'image/jpeg' } }), 200, 'upload');
  const registered = await inject({ method: 'PUT', url: '/api/profile-photos', cookie, payload: { photoURL: uploadURL } });
  expectStatus(registered, 200, 'register photo');
  return { uploadURL, objectPath: registered.json<{ objectPath: string }>().objectPath };
}

async function newTicket(cookie: string): Promise<string> {
  const ticket = await inject({ method: 'POST', url: '/api/objects/upload', cookie });
  expectStatus(ticket, 200, 'upload ticket');
  return ticket.json<{ uploadURL: string }>().uploadURL;
}

async function buildWorld(): Promise<World> {
  const jpeg = await makeJpeg();
  const adminCookie = await adminSession();

  // The owner: a profile with two photos, active; a spare upload ticket; a pending volunteer application.
  const ownerAccount = await signUp(ctx.app, uniqueEmail('ottilie'));
  const ownerInput = validProfileInput({
    name: OWNER_NAME,
    courtshipAlignment: 'either-with-guidance',
    gender: 'woman',
    dateOfBirth: '1994-05-17',
    aboutYou: 'Quillberry is my nickname. I teach yoga and volunteer at the temple kitchen every Sunday.',
  });
  const created = await inject({ method: 'POST', url: '/api/profile', cookie: ownerAccount.cookie, payload: ownerInput });
  expectStatus(created, 201, 'owner profile');
  const first = await uploadWithUrl(ownerAccount.cookie, jpeg);
  const second = await uploadWithUrl(ownerAccount.cookie, jpeg);
  const photos = [first.objectPath, second.objectPath];
  expectStatus(await inject({ method: 'PATCH', url: '/api/profile', cookie: ownerAccount.cookie, payload: { photos } }), 200, 'owner photos');
  expectStatus(
    await inject({ method: 'PATCH', url: '/api/profile/toggle-active', cookie: ownerAccount.cookie, payload: { active: true } }),
    200,
    'owner activation',
  );
  const openTicketURL = await newTicket(ownerAccount.cookie);
  const applicationEmail = 'ottilie.applies@example.com';
  const ownerApplication = applicationBody({ name: OWNER_NAME, firstName: 'Ottilie', lastName: 'Ownerby', email: applicationEmail });
  const applied = await inject({ method: 'POST', url: '/api/volunteer-application', cookie: ownerAccount.cookie, payload: ownerApplication });
  expectStatus(applied, 201, 'owner application');

  const partner = await createProfileUser(ctx.app, PARTNER_INPUT);
  const other = await createProfileUser(ctx.app, OTHER_INPUT);
  const noProfile = await signUp(ctx.app);
  const loginTarget = await signUp(ctx.app);

  // The owner and the partner (match candidates of each other) have a thread.
  const ownerMessage = 'Zephyrine: my private note to Pradeep';
  expectStatus(
    await inject({ method: 'POST', url: '/api/messages', cookie: ownerAccount.cookie, payload: { receiverId: partner.account.id, content: ownerMessage } }),
    201,
    'owner message',
  );
  expectStatus(
    await inject({ method: 'POST', url: '/api/messages', cookie: partner.account.cookie, payload: { receiverId: ownerAccount.id, content: 'Namaste Ottilie' } }),
    201,
    'partner reply',
  );

  // An approved volunteer with a public photo.
  const guide = await signUp(ctx.app);
  const guideName = 'Gita Guidewell';
  const guideApplied = await inject({
    method: 'POST',
    url: '/api/volunteer-application',
    cookie: guide.cookie,
    payload: applicationBody({ name: guideName, email: 'gita.guide@example.com' }),
  });
  expectStatus(guideApplied, 201, 'guide application');
  const guideApplicationId = guideApplied.json<{ id: string }>().id;
  const guidePhoto = await uploadPhoto(ctx.app, guide.cookie);
  expectStatus(await inject({ method: 'PATCH', url: '/api/volunteer-profile', cookie: guide.cookie, payload: { photo: guidePhoto } }), 200, 'guide photo');
  expectStatus(
    await inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${guideApplicationId}`, cookie: adminCookie, payload: { approved: true } }),
    200,
    'guide approval',
  );

  // Two reports about the owner: one the admin resolved with a warning (the owner's notice), one open. Their author
  // is a candidate of the owner's made for it: a report keeps the two apart, and the partner must not be.
  const reporter = await createProfileUser(ctx.app, { ...PARTNER_INPUT, name: 'Ravi Reporter' });
  const warned = await inject({ method: 'POST', url: '/api/reports', cookie: reporter.account.cookie, payload: { userId: ownerAccount.id, reason: 'other' } });
  expectStatus(warned, 201, 'first report');
  expectStatus(
    await inject({ method: 'POST', url: `/api/admin/reports/${warned.json<{ id: string }>().id}/resolve`, cookie: adminCookie, payload: { action: 'warn' } }),
    200,
    'warning',
  );
  const notices = await inject({ method: 'GET', url: '/api/notices', cookie: ownerAccount.cookie });
  const ownerNoticeId = notices.json<{ id: string }[]>()[0]!.id;
  const open = await inject({ method: 'POST', url: '/api/reports', cookie: reporter.account.cookie, payload: { userId: ownerAccount.id, reason: 'harassment' } });
  expectStatus(open, 201, 'open report');
  const suspendee = await signUp(ctx.app);

  // Roles, and introductions in the states the rows need (ELDER_APPROVALS is 1 in this world).
  const grant = async (userId: string, roles: { coordinator: boolean; elder: boolean }) =>
    expectStatus(await inject({ method: 'PUT', url: `/api/admin/users/${userId}/roles`, cookie: adminCookie, payload: roles }), 200, 'grant roles');
  await grant(ownerAccount.id, { coordinator: true, elder: true });
  const coordinator = await signUp(ctx.app);
  await grant(coordinator.id, { coordinator: true, elder: false });
  const elder = await signUp(ctx.app);
  await grant(elder.id, { coordinator: false, elder: true });
  // Every man here seeks 25 to 45 strictly, like the partner, so "other" (born 1960) stays a candidate of nobody.
  const rotational = { courtshipAlignment: 'either-with-guidance', minAge: 25, maxAge: 45, ageFlexibility: 'strict' } as const;
  const partner2 = await createProfileUser(ctx.app, { ...PARTNER_INPUT, name: 'Prem Second', ...rotational });
  const m1 = await createProfileUser(ctx.app, { name: 'Mira One', gender: 'woman', dateOfBirth: '1992-01-01', ...rotational });
  const m2 = await createProfileUser(ctx.app, { name: 'Madhav Two', gender: 'man', dateOfBirth: '1989-01-01', ...rotational });
  const m3 = await createProfileUser(ctx.app, { name: 'Mohan Three', gender: 'man', dateOfBirth: '1988-01-01', ...rotational });
  const propose = async (memberA: string, memberB: string, approve: boolean) => {
    const made = await inject({ method: 'POST', url: '/api/introductions', cookie: coordinator.cookie, payload: { memberA, memberB, note: 'A good match' } });
    expectStatus(made, 201, 'introduction');
    const { id } = made.json<{ id: string }>();
    if (approve) expectStatus(await inject({ method: 'POST', url: `/api/introductions/${id}/review`, cookie: elder.cookie, payload: { decision: 'approve' } }), 200, 'elder approval');
    return id;
  };
  const respondId = await propose(ownerAccount.id, partner.account.id, true);
  const followId = await propose(ownerAccount.id, partner2.account.id, true);
  expectStatus(await inject({ method: 'POST', url: `/api/introductions/${followId}/respond`, cookie: ownerAccount.cookie, payload: { accept: true } }), 200, 'first accepts');
  expectStatus(await inject({ method: 'POST', url: `/api/introductions/${followId}/respond`, cookie: partner2.account.cookie, payload: { accept: true } }), 200, 'second accepts');
  const cancelId = await propose(m1.account.id, m3.account.id, false);
  const reviewId = await propose(m1.account.id, m2.account.id, false);
  // The owner's pending "introduce us" request, for the withdrawal row.
  const asked = await inject({ method: 'POST', url: '/api/introduction-requests', cookie: ownerAccount.cookie, payload: { userId: partner2.account.id, note: 'Please' } });
  expectStatus(asked, 201, 'introduction request');

  // The owner's guardian, who reads her conversations; a second invitation waits unanswered.
  const guardianAccount = await signUp(ctx.app);
  const invited = await inject({ method: 'POST', url: '/api/guardians', cookie: ownerAccount.cookie, payload: { name: 'Amma', email: guardianAccount.email, relation: 'parent', seesMessages: true } });
  expectStatus(invited, 201, 'guardian invitation');
  const spare = await inject({ method: 'POST', url: '/api/guardians', cookie: ownerAccount.cookie, payload: { name: 'Bhai', email: uniqueEmail('brother'), relation: 'sibling', seesMessages: false } });
  expectStatus(spare, 201, 'second guardian invitation');
  await settleJobs(ctx.app);
  // The guardian's own sign-up sent a verification mail too: the invitation is the mail with the link.
  const guardianToken = /guardian-invitation\?token=([\w-]+)/.exec(mailbox.findLast((m) => m.to === guardianAccount.email && m.text.includes('/guardian-invitation?'))?.text ?? '')?.[1];
  expectStatus(await inject({ method: 'POST', url: '/api/guardians/accept', cookie: guardianAccount.cookie, payload: { token: guardianToken } }), 204, 'guardian accepts');
  // References, written straight to the table (the API's flow is references.test.ts).
  const reference = async (userId: string, values: Partial<typeof memberReferences.$inferInsert> = {}) => {
    const [row] = await ctx.database.db
      .insert(memberReferences)
      .values({ userId, name: 'Referee Person', email: uniqueEmail('referee'), relationship: 'mentor', language: 'en', status: 'requested', expiresAt: new Date(Date.now() + 30 * DAY_MS), requestedAt: new Date(), ...values })
      .returning({ id: memberReferences.id });
    return row!.id;
  };
  const refs = {
    withdraw: await reference(ownerAccount.id),
    kept: await reference(ownerAccount.id),
    partnerReceived: await reference(partner.account.id, {
      status: 'received',
      answeredAt: new Date(),
      answer: { refereeName: 'Vrinda Referee', knownForYears: 5, inGoodStanding: 'yes', recommend: 'yes', character: 'Kind and steady in service.', concerns: null, mayContact: false, phone: null },
    }),
  };

  // Selfies of the partner and partner2 awaiting a coordinator (the owner is one, and reaches both).
  const selfie = async (cookie: string, userId: string) => {
    expectStatus(await inject({ method: 'POST', url: '/api/verification/selfie/gesture', cookie }), 200, 'selfie gesture');
    expectStatus(await inject({ method: 'POST', url: '/api/verification/selfie', cookie, payload: jpeg, headers: { 'content-type': 'image/jpeg' } }), 201, 'selfie');
    const [row] = await ctx.database.db.select({ id: selfieChecks.id }).from(selfieChecks).where(and(eq(selfieChecks.userId, userId), eq(selfieChecks.status, 'pending')));
    return row!.id;
  };
  const selfies = { read: await selfie(partner.account.cookie, partner.account.id), decide: await selfie(partner2.account.cookie, partner2.account.id) };

  const ownerProfileId = created.json<{ id: string }>().id;
  const applicationId = applied.json<{ id: string }>().id;
  const photoKeys = photos.map((p) => p.slice('/objects/photos/'.length));
  return {
    jpeg,
    owner: {
      ...ownerAccount,
      name: OWNER_NAME,
      input: ownerInput,
      profileId: ownerProfileId,
      photos,
      photoUploadURL: first.uploadURL,
      openTicketURL,
      applicationId,
      applicationBody: ownerApplication,
      applicationEmail,
    },
    partner: { ...partner.account, profileId: partner.profile.id, firstName: 'Pradeep' },
    other: { ...other.account, name: OTHER_INPUT.name, input: validProfileInput(OTHER_INPUT), profileId: other.profile.id },
    noProfile,
    loginTarget,
    guide: { ...guide, name: guideName, applicationId: guideApplicationId },
    adminCookie,
    ownerMessage,
    ownerNoticeId,
    openReportId: open.json<{ id: string }>().id,
    suspendee,
    intro: { respond: respondId, follow: followId, cancel: cancelId, review: reviewId, proposeA: m1.account.id, proposeB: partner2.account.id, request: asked.json<{ id: string }>().id },
    guardian: { ...guardianAccount, linkId: invited.json<{ id: string }>().id, spareLinkId: spare.json<{ id: string }>().id },
    refs,
    selfies,
    secrets: [
      ownerAccount.email,
      ownerAccount.id,
      ownerProfileId,
      applicationId,
      applicationEmail,
      'Ottilie',
      'Ownerby',
      'Quillberry',
      'Zephyrine',
      ...photoKeys,
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// The table

interface Request {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** Anything the request's preparation made that the cell's check needs (e.g. a victim's cookie). */
  extra?: Record<string, string>;
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  /** The session cookie the answer set, if any. */
  cookie?: string;
  /** The body's bytes (a zip), when the answer came through inject. */
  raw?: Buffer;
  json<T = unknown>(): T;
}

interface CellContext {
  answer: Answer;
  w: World;
  caller: Caller;
  /** The cookie the request was made with (undefined for the visitor). */
  cookie: string | undefined;
  request: Request;
}

type Check = (c: CellContext) => void | Promise<void>;

interface Expectation {
  status: number;
  check?: Check;
  /** Event streams only: stop reading once this holds (else after a short wait). */
  streamDone?: (text: string, w: World) => boolean;
}

type Cell = number | Expectation | 'n/a';
type Fresh = 'session' | 'account';

interface Row {
  route: RouteKey;
  /**
   * The request; the same for every caller unless the builder looks at `caller`. It may prepare the
   * caller's own state first with `cookie` (the session the cell will use).
   */
  request: (w: World, caller: Caller, cookie: string | undefined) => Request | Promise<Request>;
  /**
   * Which callers get a fresh cookie for this row instead of the shared one: "session" is a new sign-in of
   * the same account (or a new admin session); "account" is a new account of the same kind (noProfile, other).
   */
  fresh?: Partial<Record<Caller, Fresh>>;
  /** "http": through a real listening server (event streams never end, so inject cannot wait for them). */
  transport?: 'http';
  cells: Record<Caller, Cell>;
}

const NA = 'n/a' as const;
const FRESH_SESSIONS: Partial<Record<Caller, Fresh>> = { noProfile: 'session', other: 'session', admin: 'session', owner: 'session' };
/** Fields that try to act on the owner's objects from the body; the server must drop them. */
const hijack = (w: World) => ({ userId: w.owner.id, id: w.owner.profileId });

const cell = (status: number, check?: Check): Expectation => ({ status, check });

/** A push service origin the matrix's app allows (PUSH_ENDPOINT_ALLOW): subscribing never contacts it. */
const PUSH_ORIGIN = 'https://push.matrix.test';
let pushDevices = 0;
const pushSubscription = (caller: Caller) => {
  pushDevices += 1;
  return testBrowser(`${PUSH_ORIGIN}/${caller}/${pushDevices}`).subscription;
};
/** Subscribes a device for the cookie's member; answers its endpoint. */
async function subscribeDevice(cookie: string, caller: Caller): Promise<string> {
  const subscription = pushSubscription(caller);
  expectStatus(await inject({ method: 'POST', url: '/api/push/subscriptions', cookie, payload: subscription }), 201, 'push subscribe');
  return subscription.endpoint;
}

const redirectsTo =
  (location: string): Check =>
  ({ answer }) =>
    expect(answer.headers.location).toBe(location);

const emptyList: Check = ({ answer }) => expect(answer.json()).toEqual([]);
const onlyCoordinators: Check = ({ answer }) => expect(answer.json()).toEqual({ code: 'coordinators-only', message: 'Only coordinators may do this', errors: [] });
const onlyElders: Check = ({ answer }) => expect(answer.json()).toEqual({ code: 'elders-only', message: 'Only elders may do this', errors: [] });

const ownProfileNamed =
  (pick: (w: World) => { name: string; profileId: string }): Check =>
  ({ answer, w }) => {
    const expected = pick(w);
    expect(answer.json()).toMatchObject({ name: expected.name, id: expected.profileId });
  };

/** After someone else's write, the owner's profile is still the owner's. */
async function ownerProfileIntact(w: World) {
  const own = await inject({ method: 'GET', url: '/api/profile', cookie: w.owner.cookie });
  expectStatus(own, 200, 'owner profile read');
  expect(own.json()).toMatchObject({ id: w.owner.profileId, userId: w.owner.id, name: w.owner.name, photos: w.owner.photos, profileActive: true });
}

/** After another member's account call, the owner still signs in with their own email and password. */
async function ownerAccountIntact({ w }: { w: World }) {
  const me = await inject({ method: 'GET', url: '/api/auth/user', cookie: w.owner.cookie });
  expectStatus(me, 200, 'owner account read');
  expect(me.json()).toMatchObject({ id: w.owner.id, email: w.owner.email });
  await signIn(w.owner);
}

async function ownerApplicationIntact(w: World) {
  const own = await inject({ method: 'GET', url: '/api/volunteer-profile', cookie: w.owner.cookie });
  expectStatus(own, 200, 'owner application read');
  expect(own.json()).toMatchObject({ id: w.owner.applicationId, name: w.owner.name, email: w.owner.applicationEmail, approved: false });
}

const isPhoto: Check = ({ answer }) => {
  expect(answer.headers['content-type']).toBe('image/jpeg');
  expect(String(answer.headers['cache-control'])).toContain('private');
  expect(answer.body.length).toBeGreaterThan(100);
};

const isEventStream: Check = ({ answer }) => {
  expect(String(answer.headers['content-type'])).toContain('text/event-stream');
  expect(answer.body).toContain(': connected');
};

/** A stream that replayed nothing: the caller has no messages, and nobody else's reach it. */
const quietStream: Check = (c) => {
  isEventStream(c);
  expect(c.answer.body).not.toContain('event: message');
};

/** The session the request came with is over. */
const sessionEnded: Check = async ({ cookie }) => {
  if (!cookie) return;
  expect((await inject({ method: 'GET', url: '/api/auth/user', cookie })).statusCode).toBe(401);
  expect((await inject({ method: 'GET', url: '/api/admin/session', cookie })).json()).toEqual({ isAdmin: false });
};

const TABLE: Row[] = [
  // ---- health and sign-in ------------------------------------------------------------------------------
  {
    route: 'GET /healthz',
    request: () => ({ method: 'GET', url: '/healthz' }),
    cells: (() => {
      const healthy = cell(200, ({ answer }) => expect(answer.json()).toEqual({ status: 'ok' }));
      return { visitor: healthy, noProfile: healthy, other: healthy, admin: healthy, owner: NA };
    })(),
  },
  {
    // For a load balancer: no session, no personal data, the same answer for everyone.
    route: 'GET /readyz',
    request: () => ({ method: 'GET', url: '/readyz' }),
    cells: (() => {
      const ready = cell(200, ({ answer }) => expect(answer.json()).toEqual({ status: 'ready' }));
      return { visitor: ready, noProfile: ready, other: ready, admin: ready, owner: NA };
    })(),
  },
  {
    route: 'GET /api/openapi.json',
    request: () => ({ method: 'GET', url: '/api/openapi.json' }),
    cells: (() => {
      // The API's description is public (the routes, not anyone's data); the same for every caller.
      const described = cell(200, ({ answer, w }) => {
        expect(answer.json<{ openapi: string }>().openapi).toBe('3.1.0');
        for (const secret of [w.owner.email, w.owner.profileId, w.owner.id]) expect(answer.body).not.toContain(secret);
      });
      return { visitor: described, noProfile: described, other: described, admin: described, owner: NA };
    })(),
  },
  {
    // For the operator's scraper on the loopback address (or with METRICS_TOKEN): every matrix caller comes from a
    // remote address, so every one is refused, an admin session too (it gives no right to the metrics). Loopback,
    // the token and proxies: observability/ops.test.ts.
    route: 'GET /metrics',
    request: () => ({ method: 'GET', url: '/metrics' }),
    cells: { visitor: 403, noProfile: 403, other: 403, admin: 403, owner: NA },
  },
  {
    route: 'GET /api/login',
    request: () => ({ method: 'GET', url: '/api/login?returnTo=/browse' }),
    cells: {
      // A browser that never signed in (no returning mark) is shown the sign-up form first.
      visitor: cell(302, redirectsTo('/login?mode=signup&returnTo=%2Fbrowse')),
      noProfile: cell(302, redirectsTo('/browse')),
      other: cell(302, redirectsTo('/browse')),
      // The admin session has no user: it is sent on like a visitor.
      admin: cell(302, redirectsTo('/login?mode=signup&returnTo=%2Fbrowse')),
      owner: NA,
    },
  },
  {
    route: 'POST /api/auth/register',
    fresh: FRESH_SESSIONS,
    request: (_w, caller) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(`matrix-${caller.toLowerCase()}`), password: 'correct horse battery' },
    }),
    cells: (() => {
      const registered = cell(201, async ({ answer, request }) => {
        const email = (request.payload as { email: string }).email.toLowerCase();
        const body = answer.json<{ id: string; email: string }>();
        expect(body).toEqual({ id: expect.any(String), email });
        const me = await inject({ method: 'GET', url: '/api/auth/user', cookie: answer.cookie });
        expect(me.json()).toMatchObject({ id: body.id, email });
      });
      return { visitor: registered, noProfile: registered, other: registered, admin: registered, owner: NA };
    })(),
  },
  {
    route: 'POST /api/auth/login',
    fresh: FRESH_SESSIONS,
    request: (w) => ({ method: 'POST', url: '/api/auth/login', payload: { email: w.loginTarget.email, password: w.loginTarget.password } }),
    cells: (() => {
      const signedIn = cell(200, ({ answer, w }) => {
        // Only {id, email} leaves, and a new session cookie.
        expect(answer.json()).toEqual({ id: w.loginTarget.id, email: w.loginTarget.email });
        expect(answer.cookie).toBeDefined();
      });
      return { visitor: signedIn, noProfile: signedIn, other: signedIn, admin: signedIn, owner: NA };
    })(),
  },
  {
    route: 'GET /api/auth/user',
    request: () => ({ method: 'GET', url: '/api/auth/user' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.noProfile.id, email: w.noProfile.email })),
      other: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.other.id, email: w.other.email })),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.owner.id, email: w.owner.email })),
    },
  },
  {
    route: 'POST /api/logout',
    fresh: FRESH_SESSIONS,
    request: () => ({ method: 'POST', url: '/api/logout' }),
    cells: { visitor: cell(204), noProfile: cell(204, sessionEnded), other: cell(204, sessionEnded), admin: cell(204, sessionEnded), owner: NA },
  },
  {
    route: 'POST /api/auth/password-reset',
    request: (_w, caller) => ({ method: 'POST', url: '/api/auth/password-reset', payload: { email: uniqueEmail(`nobody-${caller.toLowerCase()}`) } }),
    cells: (() => {
      const accepted = cell(202, ({ answer }) =>
        expect(answer.json()).toEqual({ message: 'If an account exists for that email, a reset link is on its way', errors: [] }),
      );
      return { visitor: accepted, noProfile: accepted, other: accepted, admin: accepted, owner: NA };
    })(),
  },
  {
    // The token is the only authority: whoever holds it sets the password of the token's account, whatever
    // session they come with, and every session of that account ends (the caller's own session too).
    route: 'POST /api/auth/password-reset/confirm',
    fresh: FRESH_SESSIONS,
    request: async () => {
      const victim = await signUp(ctx.app);
      expectStatus(await inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: victim.email } }), 202, 'reset request');
      // The mail goes out after the answer (a background job).
      await settleJobs(ctx.app);
      const mail = mailbox.filter((m) => m.to === victim.email && m.text.includes('reset-password')).at(-1);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no reset mail for ${victim.email}`);
      return { method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: NEW_PASSWORD }, extra: { victimCookie: victim.cookie } };
    },
    cells: (() => {
      const reset = cell(204, async (c) => {
        expect((await inject({ method: 'GET', url: '/api/auth/user', cookie: c.request.extra?.victimCookie })).statusCode).toBe(401);
        await sessionEnded(c);
      });
      return { visitor: reset, noProfile: reset, other: reset, admin: reset, owner: NA };
    })(),
  },

  // ---- the caller's own account -------------------------------------------------------------------------
  // Every call acts on the session's own account. The password, email and delete rows run on a fresh account of
  // each kind (the owner's own cell is the same call, and would end the sessions the other rows use); their checks
  // show the owner's account untouched. Sessions are the objects one member could aim at another's: that row
  // aims the callers at one of the owner's.
  {
    // The token is the only authority: whoever opens the link verifies the address it was sent to.
    route: 'POST /api/auth/verify-email',
    fresh: FRESH_SESSIONS,
    request: async () => {
      const victim = await signUp(ctx.app);
      await settleJobs(ctx.app);
      const mail = mailbox.filter((m) => m.to === victim.email && m.text.includes('/verify-email?token=')).at(-1);
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no verification mail for ${victim.email}`);
      return { method: 'POST', url: '/api/auth/verify-email', payload: { token }, extra: { victimCookie: victim.cookie } };
    },
    cells: (() => {
      const verified = cell(204, async ({ request }) => {
        const victim = await inject({ method: 'GET', url: '/api/auth/user', cookie: request.extra?.victimCookie });
        expect(victim.json()).toMatchObject({ emailVerified: true });
      });
      return { visitor: verified, noProfile: verified, other: verified, admin: verified, owner: NA };
    })(),
  },
  {
    route: 'POST /api/auth/verify-email/resend',
    fresh: FRESH_SESSIONS,
    request: () => ({ method: 'POST', url: '/api/auth/verify-email/resend' }),
    cells: { visitor: 401, noProfile: cell(202), other: cell(202), admin: 401, owner: cell(202) },
  },
  {
    route: 'GET /api/account/preferences',
    request: () => ({ method: 'GET', url: '/api/account/preferences' }),
    cells: (() => {
      const prefs = cell(200, ({ answer }) => expect(answer.json()).toEqual({ language: 'en', notifyMessages: true, notifyIntroductions: true, pushMessages: true, pushIntroductions: true, heightUnit: null }));
      return { visitor: 401, noProfile: prefs, other: prefs, admin: 401, owner: prefs };
    })(),
  },
  {
    // Ids of the owner's in the body are dropped: the preferences written are the caller's.
    route: 'PUT /api/account/preferences',
    request: (w) => ({ method: 'PUT', url: '/api/account/preferences', payload: { language: 'en', notifyMessages: true, notifyIntroductions: true, ...hijack(w) } }),
    cells: (() => {
      const saved = cell(200, ({ answer }) => expect(answer.json()).toEqual({ language: 'en', notifyMessages: true, notifyIntroductions: true, pushMessages: true, pushIntroductions: true, heightUnit: null }));
      return { visitor: 401, noProfile: saved, other: saved, admin: 401, owner: saved };
    })(),
  },
  {
    // Hidden words and the hidden folder are the caller's own: no id is taken, and a word no message of the matrix holds.
    route: 'GET /api/account/hidden-words',
    request: () => ({ method: 'GET', url: '/api/account/hidden-words' }),
    cells: (() => {
      const own = cell(200, ({ answer }) => expect(answer.json()).toEqual({ words: expect.any(Array) }));
      return { visitor: 401, noProfile: own, other: own, admin: 401, owner: own };
    })(),
  },
  {
    route: 'PUT /api/account/hidden-words',
    request: (w) => ({ method: 'PUT', url: '/api/account/hidden-words', payload: { words: ['zzmatrixhidden'], ...hijack(w) } }),
    cells: (() => {
      const saved = cell(200, ({ answer }) => expect(answer.json()).toEqual({ words: ['zzmatrixhidden'] }));
      return { visitor: 401, noProfile: saved, other: saved, admin: 401, owner: saved };
    })(),
  },
  {
    route: 'GET /api/account/hidden-messages',
    request: () => ({ method: 'GET', url: '/api/account/hidden-messages' }),
    cells: { visitor: 401, noProfile: cell(200, emptyList), other: cell(200, emptyList), admin: 401, owner: cell(200, emptyList) },
  },
  {
    // The name members see for a staff member without a profile: the caller's own account only (no id is taken).
    // Fresh accounts: a name on the shared callers would change what later rows see (a reference names the member).
    route: 'PUT /api/account/name',
    fresh: { noProfile: 'account', other: 'account' },
    request: (w) => ({ method: 'PUT', url: '/api/account/name', payload: { firstName: 'Matrix', ...hijack(w) } }),
    cells: (() => {
      const saved = cell(200, ({ answer }) => expect(answer.json()).toEqual({ firstName: 'Matrix' }));
      return { visitor: 401, noProfile: saved, other: saved, admin: 401, owner: saved };
    })(),
  },
  // Web Push: the key is public; devices are the caller's own, never another member's.
  {
    route: 'GET /api/push/public-key',
    request: () => ({ method: 'GET', url: '/api/push/public-key' }),
    cells: (() => {
      const key = cell(200, ({ answer }) => expect(answer.json()).toEqual({ publicKey: expect.stringMatching(/^[\w-]{87}$/) }));
      return { visitor: key, noProfile: key, other: key, admin: key, owner: key };
    })(),
  },
  {
    route: 'GET /api/push/subscriptions',
    request: async (_w, caller, cookie) => {
      if (cookie && caller !== 'admin') await subscribeDevice(cookie, caller);
      return { method: 'GET', url: '/api/push/subscriptions' };
    },
    cells: (() => {
      const ownOnly = cell(200, ({ answer, caller }) => {
        const listed = answer.json<{ endpoint: string }[]>();
        expect(listed.length).toBeGreaterThan(0);
        for (const device of listed) expect(device.endpoint.startsWith(`${PUSH_ORIGIN}/${caller}/`)).toBe(true);
        expect(answer.body).not.toContain('p256dh');
      });
      return { visitor: 401, noProfile: ownOnly, other: ownOnly, admin: 401, owner: ownOnly };
    })(),
  },
  {
    // A userId in the body is dropped: the device is the caller's.
    route: 'POST /api/push/subscriptions',
    request: (w, caller) => ({ method: 'POST', url: '/api/push/subscriptions', payload: { ...pushSubscription(caller), ...hijack(w) } }),
    cells: (() => {
      const created = cell(201, async ({ answer, w, caller }) => {
        const endpoint = answer.json<{ endpoint: string }>().endpoint;
        const owners = (await inject({ method: 'GET', url: '/api/push/subscriptions', cookie: w.owner.cookie })).json<{ endpoint: string }[]>();
        expect(owners.some((device) => device.endpoint === endpoint)).toBe(caller === 'owner');
      });
      return { visitor: 401, noProfile: created, other: created, admin: 401, owner: created };
    })(),
  },
  {
    // The owner's device by its endpoint: anyone else's DELETE is a 204 that removes nothing.
    route: 'DELETE /api/push/subscriptions',
    request: async (w) => {
      const endpoint = await subscribeDevice(w.owner.cookie, 'owner');
      return { method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint }, extra: { endpoint } };
    },
    cells: (() => {
      const ownerKeeps = (kept: boolean): Check => async ({ w, request }) => {
        const owners = (await inject({ method: 'GET', url: '/api/push/subscriptions', cookie: w.owner.cookie })).json<{ endpoint: string }[]>();
        expect(owners.some((device) => device.endpoint === request.extra?.endpoint)).toBe(kept);
      };
      const untouched = cell(204, ownerKeeps(true));
      return { visitor: cell(401, ownerKeeps(true)), noProfile: untouched, other: untouched, admin: cell(401, ownerKeeps(true)), owner: cell(204, ownerKeeps(false)) };
    })(),
  },
  {
    route: 'DELETE /api/push/subscriptions/:id',
    request: async (w) => {
      const endpoint = await subscribeDevice(w.owner.cookie, 'owner');
      const owners = (await inject({ method: 'GET', url: '/api/push/subscriptions', cookie: w.owner.cookie })).json<{ id: string; endpoint: string }[]>();
      const id = owners.find((device) => device.endpoint === endpoint)!.id;
      return { method: 'DELETE', url: `/api/push/subscriptions/${id}`, extra: { endpoint } };
    },
    cells: (() => {
      const ownerKeeps = (kept: boolean): Check => async ({ w, request }) => {
        const owners = (await inject({ method: 'GET', url: '/api/push/subscriptions', cookie: w.owner.cookie })).json<{ endpoint: string }[]>();
        expect(owners.some((device) => device.endpoint === request.extra?.endpoint)).toBe(kept);
      };
      return {
        visitor: cell(401, ownerKeeps(true)),
        noProfile: cell(404, ownerKeeps(true)),
        other: cell(404, ownerKeeps(true)),
        admin: cell(401, ownerKeeps(true)),
        owner: cell(204, ownerKeeps(false)),
      };
    })(),
  },
  {
    // The staff mail kinds of the caller's own roles (the owner is a coordinator and an elder); a
    // member without a role has none, whatever they ask.
    route: 'GET /api/account/staff-notifications',
    request: () => ({ method: 'GET', url: '/api/account/staff-notifications' }),
    cells: (() => {
      const none = cell(200, ({ answer }) => expect(answer.json()).toEqual([]));
      return {
        visitor: 401,
        noProfile: none,
        other: none,
        admin: 401,
        owner: cell(200, ({ answer }) =>
          expect(answer.json<{ kind: string }[]>().map((row) => row.kind)).toEqual(['introduction-requested', 'introduction-ended', 'follow-up-due', 'review-awaiting']),
        ),
      };
    })(),
  },
  {
    // Ids of the owner's in the body are dropped: the preference written is the caller's, and only for their roles.
    route: 'PUT /api/account/staff-notifications',
    request: (w) => ({ method: 'PUT', url: '/api/account/staff-notifications', payload: { kind: 'review-awaiting', mode: 'immediate', ...hijack(w) } }),
    cells: (() => {
      const notYours = cell(403, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'staff-notice-not-yours' }));
      return {
        visitor: 401,
        noProfile: notYours,
        other: notYours,
        admin: 401,
        owner: cell(200, ({ answer }) => expect(answer.json()).toContainEqual({ kind: 'review-awaiting', mode: 'immediate' })),
      };
    })(),
  },
  {
    route: 'GET /api/account/sessions',
    request: () => ({ method: 'GET', url: '/api/account/sessions' }),
    cells: (() => {
      const ownOnly = cell(200, async ({ answer, w, caller }) => {
        const listed = answer.json<{ id: string; current: boolean }[]>();
        expect(listed.filter((s) => s.current)).toHaveLength(1);
        if (caller === 'owner') return;
        const owners = (await inject({ method: 'GET', url: '/api/account/sessions', cookie: w.owner.cookie })).json<{ id: string }[]>();
        for (const session of listed) expect(owners.map((s) => s.id)).not.toContain(session.id);
      });
      return { visitor: 401, noProfile: ownOnly, other: ownOnly, admin: 401, owner: ownOnly };
    })(),
  },
  {
    // One of the owner's sessions, by its public id: only the owner ends it; anyone else gets the 404 of an unknown id.
    route: 'DELETE /api/account/sessions/:id',
    request: async (w) => {
      const target = await signIn(w.owner);
      const listed = (await inject({ method: 'GET', url: '/api/account/sessions', cookie: target })).json<{ id: string; current: boolean }[]>();
      const id = listed.find((s) => s.current)!.id;
      return { method: 'DELETE', url: `/api/account/sessions/${id}`, extra: { target } };
    },
    cells: (() => {
      const stillAlive: Check = async ({ request }) => expect((await inject({ method: 'GET', url: '/api/auth/user', cookie: request.extra?.target })).statusCode).toBe(200);
      const refused = cell(404, stillAlive);
      return {
        visitor: cell(401, stillAlive),
        noProfile: refused,
        other: refused,
        admin: cell(401, stillAlive),
        owner: cell(204, async ({ request, w }) => {
          expect((await inject({ method: 'GET', url: '/api/auth/user', cookie: request.extra?.target })).statusCode).toBe(401);
          expect((await inject({ method: 'GET', url: '/api/auth/user', cookie: w.owner.cookie })).statusCode).toBe(200);
        }),
      };
    })(),
  },
  {
    route: 'POST /api/account/password',
    fresh: { noProfile: 'account', other: 'account' },
    request: () => ({ method: 'POST', url: '/api/account/password', payload: { currentPassword: 'correct horse battery', newPassword: NEW_PASSWORD } }),
    cells: (() => {
      const changed = cell(204, ownerAccountIntact);
      return { visitor: 401, noProfile: changed, other: changed, admin: 401, owner: NA };
    })(),
  },
  {
    // "other" asks for the owner's address: the same 202, and the owner's account is unchanged.
    route: 'POST /api/account/email',
    fresh: { noProfile: 'account', other: 'account' },
    request: async (w, caller, cookie) => {
      // An email change needs a verified current email: the fresh accounts get one.
      if (cookie) {
        const me = await inject({ method: 'GET', url: '/api/auth/user', cookie });
        if (me.statusCode === 200) await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.json<{ id: string }>().id));
      }
      return {
        method: 'POST',
        url: '/api/account/email',
        payload: { newEmail: caller === 'other' ? w.owner.email : uniqueEmail(`moving-${caller.toLowerCase()}`), password: 'correct horse battery' },
      };
    },
    cells: (() => {
      const accepted = cell(202, ownerAccountIntact);
      return { visitor: 401, noProfile: accepted, other: accepted, admin: 401, owner: NA };
    })(),
  },
  {
    // The zip holds the caller's data only: account.json is searched for anything of the owner's.
    route: 'GET /api/account/export',
    request: () => ({ method: 'GET', url: '/api/account/export' }),
    cells: (() => {
      const ownData = cell(200, ({ answer, w, caller }) => {
        expect(answer.headers['content-type']).toBe('application/zip');
        const json = strFromU8(unzipSync(new Uint8Array(answer.raw!))['account.json']!);
        if (caller === 'owner') {
          expect(json).toContain(w.owner.name);
          expect(json).toContain(w.ownerMessage);
          return;
        }
        for (const secret of w.secrets) expect(json).not.toContain(secret);
      });
      return { visitor: 401, noProfile: ownData, other: ownData, admin: 401, owner: ownData };
    })(),
  },
  {
    route: 'POST /api/account/delete',
    fresh: { noProfile: 'account', other: 'account' },
    request: (w) => ({ method: 'POST', url: '/api/account/delete', payload: { password: 'correct horse battery', ...hijack(w) } }),
    cells: (() => {
      const deleted = cell(204, async (c) => {
        await sessionEnded(c);
        await ownerAccountIntact(c);
      });
      return { visitor: 401, noProfile: deleted, other: deleted, admin: 401, owner: NA };
    })(),
  },
  {
    // Without signing in: the signed token names the member, whoever sends it (a mail provider's server).
    route: 'POST /api/unsubscribe',
    request: async () => {
      const victim = await signUp(ctx.app);
      return { method: 'POST', url: '/api/unsubscribe', payload: { token: signUnsubscribe(ctx.config.sessionSecret, victim.id, 'messages') }, extra: { victimCookie: victim.cookie } };
    },
    cells: (() => {
      const unsubscribed = cell(204, async ({ request }) => {
        const prefs = await inject({ method: 'GET', url: '/api/account/preferences', cookie: request.extra?.victimCookie });
        expect(prefs.json()).toMatchObject({ notifyMessages: false });
      });
      return { visitor: unsubscribed, noProfile: unsubscribed, other: unsubscribed, admin: unsubscribed, owner: NA };
    })(),
  },
  {
    // Without signing in: the signed token (mailed to the current address) names one pending email change.
    route: 'POST /api/account/email/cancel',
    request: async () => {
      const victim = await signUp(ctx.app);
      await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, victim.id));
      const newEmail = uniqueEmail('cancelled');
      await inject({ method: 'POST', url: '/api/account/email', cookie: victim.cookie, payload: { newEmail, password: victim.password } });
      await settleJobs(ctx.app);
      const notice = mailbox.filter((m) => m.to === victim.email && m.text.includes('/cancel-email-change?token=')).at(-1);
      const token = /cancel-email-change\?token=([A-Za-z0-9_.-]+)/.exec(notice?.text ?? '')?.[1];
      const confirm = mailbox.filter((m) => m.to === newEmail).at(-1);
      const changeToken = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(confirm?.text ?? '')?.[1];
      if (!token || !changeToken) throw new Error(`no email-change mails for ${victim.email}`);
      return { method: 'POST', url: '/api/account/email/cancel', payload: { token }, extra: { victimCookie: victim.cookie, changeToken } };
    },
    cells: (() => {
      const cancelled = cell(204, async ({ request }) => {
        const opened = await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: request.extra?.changeToken } });
        expect(opened.statusCode).toBe(400);
      });
      return { visitor: cancelled, noProfile: cancelled, other: cancelled, admin: cancelled, owner: NA };
    })(),
  },
  {
    route: 'GET /api/unsubscribe',
    request: () => ({ method: 'GET', url: '/api/unsubscribe?token=abcdefghijklmnopqrstuvwxyz.0123456789' }),
    cells: (() => {
      const confirmPage = cell(302, redirectsTo('/unsubscribe?token=abcdefghijklmnopqrstuvwxyz.0123456789'));
      return { visitor: confirmPage, noProfile: confirmPage, other: confirmPage, admin: confirmPage, owner: NA };
    })(),
  },

  // ---- the caller's own profile ------------------------------------------------------------------------
  {
    route: 'GET /api/profile',
    request: () => ({ method: 'GET', url: '/api/profile' }),
    cells: {
      visitor: 401,
      // No profile yet: null, not a 404.
      noProfile: cell(200, ({ answer }) => expect(answer.json()).toBeNull()),
      other: cell(200, ownProfileNamed((w) => w.other)),
      admin: 401,
      owner: cell(200, ownProfileNamed((w) => w.owner)),
    },
  },
  {
    // Every caller sends ids of the owner's in the body: the profile written is always the caller's own.
    route: 'POST /api/profile',
    fresh: { noProfile: 'account' },
    request: (w, caller) => {
      const input = caller === 'other' ? w.other.input : caller === 'noProfile' ? validProfileInput({ name: 'Nadia Newcomer' }) : w.owner.input;
      return { method: 'POST', url: '/api/profile', payload: { ...input, ...hijack(w) } };
    },
    cells: {
      visitor: 401,
      noProfile: cell(201, async ({ answer, w }) => {
        expect(answer.json()).toMatchObject({ name: 'Nadia Newcomer', profileActive: false, photos: [] });
        expect(answer.json<{ id: string }>().id).not.toBe(w.owner.profileId);
        await ownerProfileIntact(w);
      }),
      other: cell(200, async (c) => {
        ownProfileNamed((w) => w.other)(c);
        await ownerProfileIntact(c.w);
      }),
      admin: 401,
      owner: cell(200, async (c) => {
        ownProfileNamed((w) => w.owner)(c);
        await ownerProfileIntact(c.w);
      }),
    },
  },
  {
    // The owner's photo paths: only the owner may put them on a profile.
    route: 'PATCH /api/profile',
    request: (w) => ({ method: 'PATCH', url: '/api/profile', payload: { photos: w.owner.photos } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: cell(400, async ({ w }) => {
        const own = await inject({ method: 'GET', url: '/api/profile', cookie: w.other.cookie });
        expect(own.json<{ photos: string[] }>().photos).not.toContain(w.owner.photos[0]);
      }),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.owner.profileId, photos: w.owner.photos, profileActive: true })),
    },
  },
  {
    route: 'PATCH /api/profile/toggle-active',
    request: (w) => ({ method: 'PATCH', url: '/api/profile/toggle-active', payload: { active: true, ...hijack(w) } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: cell(200, ownProfileNamed((w) => w.other)),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.owner.profileId, profileActive: true })),
    },
  },
  {
    route: 'GET /api/profile/preview',
    request: () => ({ method: 'GET', url: '/api/profile/preview' }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: cell(200, ownProfileNamed((w) => w.other)),
      admin: 401,
      owner: cell(200, ownProfileNamed((w) => w.owner)),
    },
  },
  {
    // The place of birth's search (issue 52): any signed-in member, a profile or not (the form is filled before
    // there is one); the places are the shipped data set's, the same for everyone.
    route: 'GET /api/places',
    request: () => ({ method: 'GET', url: '/api/places?q=vrindavan' }),
    cells: (() => {
      const places = cell(200, ({ answer }) => expect(answer.json<Array<{ name: string }>>()[0]?.name).toBe('Vrindāvan, Uttar Pradesh, India'));
      return { visitor: 401, noProfile: places, other: places, admin: 401, owner: places };
    })(),
  },

  // ---- photos ------------------------------------------------------------------------------------------
  {
    route: 'POST /api/objects/upload',
    request: () => ({ method: 'POST', url: '/api/objects/upload' }),
    cells: (() => {
      const ticket = cell(200, ({ answer }) =>
        expect(answer.json<{ uploadURL: string }>().uploadURL).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/),
      );
      return { visitor: 401, noProfile: ticket, other: ticket, admin: 401, owner: ticket };
    })(),
  },
  {
    // The owner's unused upload URL: refused (403, before the body is read) to anyone but the owner, who
    // spends it; the owner cell runs last, and a second PUT is refused.
    route: 'PUT /api/uploads/:id',
    request: (w) => ({ method: 'PUT', url: w.owner.openTicketURL, payload: w.jpeg, headers: { 'content-type': 'image/jpeg' } }),
    cells: {
      visitor: 403,
      noProfile: 403,
      other: 403,
      admin: 403,
      owner: cell(200, async ({ answer, w }) => {
        expect(answer.json()).toEqual({ ok: true });
        const again = await inject({ method: 'PUT', url: w.owner.openTicketURL, cookie: w.owner.cookie, payload: w.jpeg, headers: { 'content-type': 'image/jpeg' } });
        expect(again.statusCode).toBe(403);
      }),
    },
  },
  {
    // The owner's finished upload URL: only the owner may turn it into an object path.
    route: 'PUT /api/profile-photos',
    request: (w) => ({ method: 'PUT', url: '/api/profile-photos', payload: { photoURL: w.owner.photoUploadURL } }),
    cells: {
      visitor: 401,
      noProfile: 403,
      other: 403,
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ objectPath: w.owner.photos[0] })),
    },
  },
  {
    // The owner's profile photo: the owner, the admin and match candidates; 404 for everyone else.
    route: 'GET /objects/photos/:key',
    request: (w) => ({ method: 'GET', url: w.owner.photos[0]! }),
    cells: { visitor: 404, noProfile: 404, other: 404, admin: cell(200, isPhoto), owner: cell(200, isPhoto) },
  },
  {
    // A private photo's blurred placeholder: for whoever may see the profile at all (here, nobody but these two).
    route: 'GET /objects/placeholders/:key',
    request: (w) => ({ method: 'GET', url: placeholderPath(w.owner.photos[0]!) }),
    cells: { visitor: 404, noProfile: 404, other: 404, admin: cell(200, isPhoto), owner: cell(200, isPhoto) },
  },

  // ---- volunteers --------------------------------------------------------------------------------------
  {
    // The application written is always the caller's own, never approved by the body.
    route: 'POST /api/volunteer-application',
    fresh: { noProfile: 'account', other: 'account' },
    request: (w, caller) => {
      const body =
        caller === 'owner' ? w.owner.applicationBody : applicationBody({ name: `Matrix ${caller}`, email: `matrix.${caller.toLowerCase()}@example.com` });
      return {
        method: 'POST',
        url: '/api/volunteer-application',
        payload: { ...body, userId: w.owner.id, id: w.owner.applicationId, approved: true },
      };
    },
    cells: (() => {
      const applied = cell(201, async ({ answer, w, caller }) => {
        const body = answer.json<{ id: string }>();
        expect(body).toMatchObject({ name: `Matrix ${caller}`, approved: false });
        expect(body.id).not.toBe(w.owner.applicationId);
        await ownerApplicationIntact(w);
      });
      return {
        visitor: 401,
        noProfile: applied,
        other: applied,
        admin: 401,
        owner: cell(200, async ({ answer, w }) => {
          expect(answer.json()).toMatchObject({ id: w.owner.applicationId, approved: false });
          await ownerApplicationIntact(w);
        }),
      };
    })(),
  },
  {
    route: 'GET /api/volunteer-profile',
    request: () => ({ method: 'GET', url: '/api/volunteer-profile' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, ({ answer }) => expect(answer.json()).toBeNull()),
      other: cell(200, ({ answer }) => expect(answer.json()).toBeNull()),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.owner.applicationId, email: w.owner.applicationEmail })),
    },
  },
  {
    // The owner's private profile photo: nobody makes it public, the owner neither (docs/security.md).
    // noProfile and other come as fresh accounts that have applied first, so their refusal comes from the
    // photo's ownership, not from having no application.
    route: 'PATCH /api/volunteer-profile',
    fresh: { noProfile: 'account', other: 'account' },
    request: async (w, caller, cookie) => {
      if (caller === 'noProfile' || caller === 'other') {
        const payload = applicationBody({ name: `Matrix ${caller}`, email: `matrix.photo.${caller.toLowerCase()}@example.com` });
        expectStatus(await inject({ method: 'POST', url: '/api/volunteer-application', cookie, payload }), 201, 'application');
      }
      return { method: 'PATCH', url: '/api/volunteer-profile', payload: { photo: w.owner.photos[0] } };
    },
    cells: (() => {
      const refused = cell(400, async ({ w, cookie }) => {
        // Someone else's public volunteer photo is not theirs either.
        const guidePhoto = (await inject({ method: 'GET', url: '/api/volunteers' })).json<{ name: string; photo: string }[]>().find((v) => v.name === w.guide.name)?.photo;
        expect(guidePhoto).toBeDefined();
        expect((await inject({ method: 'PATCH', url: '/api/volunteer-profile', cookie, payload: { photo: guidePhoto } })).statusCode).toBe(400);
        expect((await inject({ method: 'GET', url: w.owner.photos[0]! })).statusCode).toBe(404);
      });
      return {
        visitor: 401,
        noProfile: refused,
        other: refused,
        admin: 401,
        owner: cell(400, async ({ w }) => {
          expect((await inject({ method: 'GET', url: w.owner.photos[0]! })).statusCode).toBe(404);
          await ownerApplicationIntact(w);
        }),
      };
    })(),
  },
  {
    route: 'GET /api/volunteers',
    request: () => ({ method: 'GET', url: '/api/volunteers' }),
    cells: (() => {
      const publicList = cell(200, ({ answer, w }) => {
        const list = answer.json<Record<string, unknown>[]>();
        expect(list.map((v) => v.name)).toContain(w.guide.name);
        for (const volunteer of list) expect(volunteer).not.toHaveProperty('email');
        expect(answer.body).not.toContain('gita.guide@example.com');
      });
      return { visitor: publicList, noProfile: publicList, other: publicList, admin: publicList, owner: NA };
    })(),
  },

  // ---- admin -------------------------------------------------------------------------------------------
  {
    route: 'POST /api/admin/login',
    fresh: FRESH_SESSIONS,
    request: () => ({ method: 'POST', url: '/api/admin/login', payload: { password: ADMIN_PASSWORD } }),
    cells: (() => {
      const admitted = cell(204, async ({ answer }) => {
        expect(answer.cookie).toBeDefined();
        expect((await inject({ method: 'GET', url: '/api/admin/session', cookie: answer.cookie })).json()).toEqual({ isAdmin: true });
      });
      return { visitor: admitted, noProfile: admitted, other: admitted, admin: admitted, owner: NA };
    })(),
  },
  {
    route: 'POST /api/admin/logout',
    fresh: FRESH_SESSIONS,
    request: () => ({ method: 'POST', url: '/api/admin/logout' }),
    cells: (() => {
      const notAdmin: Check = async ({ cookie }) => {
        if (cookie) expect((await inject({ method: 'GET', url: '/api/admin/session', cookie })).json()).toEqual({ isAdmin: false });
      };
      // A signed-in user who was never admin keeps the session.
      const userStays: Check = async (c) => {
        await notAdmin(c);
        expect((await inject({ method: 'GET', url: '/api/auth/user', cookie: c.cookie })).statusCode).toBe(200);
      };
      return { visitor: cell(204), noProfile: cell(204, userStays), other: cell(204, userStays), admin: cell(204, notAdmin), owner: NA };
    })(),
  },
  {
    route: 'GET /api/admin/session',
    request: () => ({ method: 'GET', url: '/api/admin/session' }),
    cells: (() => {
      const isAdmin = (value: boolean) => cell(200, ({ answer }) => expect(answer.json()).toEqual({ isAdmin: value }));
      return { visitor: isAdmin(false), noProfile: isAdmin(false), other: isAdmin(false), admin: isAdmin(true), owner: NA };
    })(),
  },
  {
    route: 'GET /api/admin/user-profiles',
    request: () => ({ method: 'GET', url: '/api/admin/user-profiles' }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => {
        const list = answer.json<{ id: string; email: string }[]>();
        expect(list).toContainEqual(expect.objectContaining({ id: w.owner.profileId, email: w.owner.email }));
        expect(list).toContainEqual(expect.objectContaining({ id: w.other.profileId, email: w.other.email }));
      }),
      // The owner's profile is in the list, and the owner still may not read the list.
      owner: 401,
    },
  },
  {
    route: 'GET /api/admin/partner-applications',
    request: () => ({ method: 'GET', url: '/api/admin/partner-applications' }),
    cells: { visitor: 401, noProfile: 401, other: 401, admin: cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true)), owner: NA },
  },
  {
    route: 'GET /api/admin/volunteer-applications',
    request: () => ({ method: 'GET', url: '/api/admin/volunteer-applications' }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => {
        const list = answer.json<Record<string, unknown>[]>();
        expect(list).toContainEqual(expect.objectContaining({ id: w.owner.applicationId, email: w.owner.applicationEmail, approved: false }));
        for (const application of list) expect(application).not.toHaveProperty('donationInfo');
      }),
      owner: 401,
    },
  },
  {
    // The owner's own application: only the admin approves; the applicant cannot approve themselves.
    // (approved: false, so the owner stays a private person for the other rows.)
    route: 'PATCH /api/admin/volunteer-applications/:id',
    request: (w) => ({ method: 'PATCH', url: `/api/admin/volunteer-applications/${w.owner.applicationId}`, payload: { approved: false } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) =>
        expect(answer.json()).toMatchObject({ id: w.owner.applicationId, email: w.owner.applicationEmail, approved: false }),
      ),
      owner: 401,
    },
  },

  // ---- messages ----------------------------------------------------------------------------------------
  {
    route: 'GET /api/conversations',
    request: () => ({ method: 'GET', url: '/api/conversations' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, emptyList),
      admin: 401,
      owner: cell(200, ({ answer, w }) =>
        expect(answer.json()).toContainEqual(expect.objectContaining({ otherUserId: w.partner.id, otherUserName: w.partner.firstName })),
      ),
    },
  },
  {
    // The thread between the owner and the partner, asked for by the partner's id: a caller only ever
    // gets their own thread with that person (empty for everyone but the owner).
    route: 'GET /api/messages/:otherUserId',
    request: (w) => ({ method: 'GET', url: `/api/messages/${w.partner.id}` }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, emptyList),
      admin: 401,
      owner: cell(200, ({ answer, w }) =>
        expect(answer.json()).toContainEqual(expect.objectContaining({ senderId: w.owner.id, receiverId: w.partner.id, content: w.ownerMessage })),
      ),
    },
  },
  {
    // Writing into the owner's thread with the partner: only the owner (a match candidate of the partner).
    route: 'POST /api/messages',
    request: (w) => ({ method: 'POST', url: '/api/messages', payload: { receiverId: w.partner.id, content: 'A matrix hello', senderId: w.owner.id } }),
    cells: {
      visitor: 401,
      noProfile: 403,
      other: 403,
      admin: 401,
      owner: cell(201, ({ answer, w }) => expect(answer.json()).toMatchObject({ senderId: w.owner.id, receiverId: w.partner.id })),
    },
  },
  {
    // The owner's user id: only people who may know the owner (and the owner).
    route: 'GET /api/user/:id/info',
    request: (w) => ({ method: 'GET', url: `/api/user/${w.owner.id}/info` }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ name: 'Ottilie', isVolunteer: false })),
    },
  },
  {
    // Replays every message after seq 1: the owner's thread must reach the owner's stream only.
    route: 'GET /api/events',
    transport: 'http',
    request: () => ({ method: 'GET', url: '/api/events?lastEventId=1' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, quietStream),
      other: cell(200, quietStream),
      admin: 401,
      owner: {
        status: 200,
        streamDone: (text) => text.includes('event: message'),
        check: (c) => {
          isEventStream(c);
          expect(c.answer.body).toContain('event: message');
          expect(c.answer.body).toContain(c.w.owner.id);
        },
      },
    },
  },

  // ---- matches -----------------------------------------------------------------------------------------
  {
    route: 'GET /api/matches',
    request: () => ({ method: 'GET', url: '/api/matches' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'profile-not-active', message: errorMessages['profile-not-active'] })),
      other: cell(200, ({ answer }) => {
        expect(answer.json()).toEqual([]);
        expect(answer.headers['x-total-count']).toBe('0');
      }),
      admin: 401,
      owner: cell(200, ({ answer, w }) => {
        const ids = answer.json<{ profileId: string }[]>().map((m) => m.profileId);
        expect(ids).toContain(w.partner.profileId);
        expect(ids).not.toContain(w.other.profileId);
      }),
    },
  },
  {
    // The owner's profile id: the same 404 for a non-candidate and for one's own id (docs/security.md).
    route: 'GET /api/match/:id',
    request: (w) => ({ method: 'GET', url: `/api/match/${w.owner.profileId}` }),
    cells: {
      visitor: 401,
      noProfile: cell(403, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'profile-not-active', message: errorMessages['profile-not-active'] })),
      other: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'profile-not-found', message: 'Profile not found', errors: [] })),
      admin: 401,
      owner: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'profile-not-found', message: 'Profile not found', errors: [] })),
    },
  },

  // ---- safety ------------------------------------------------------------------------------------------
  {
    route: 'GET /api/blocks',
    request: () => ({ method: 'GET', url: '/api/blocks' }),
    cells: { visitor: 401, noProfile: cell(200, emptyList), other: cell(200, emptyList), admin: 401, owner: cell(200, emptyList) },
  },
  {
    // Blocking the owner: only someone who could have met her; herself is a 400. Nothing is stored by any cell.
    route: 'POST /api/blocks',
    request: (w) => ({ method: 'POST', url: '/api/blocks', payload: { userId: w.owner.id } }),
    cells: {
      visitor: 401,
      noProfile: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] })),
      other: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] })),
      admin: 401,
      owner: 400,
    },
  },
  {
    // Lifting a block of the owner's: a caller only ever deletes their own block row (none here), so 204 says nothing.
    route: 'DELETE /api/blocks/:userId',
    request: (w) => ({ method: 'DELETE', url: `/api/blocks/${w.partner.id}` }),
    cells: { visitor: 401, noProfile: 204, other: 204, admin: 401, owner: 204 },
  },
  {
    route: 'POST /api/reports',
    request: (w) => ({ method: 'POST', url: '/api/reports', payload: { userId: w.owner.id, reason: 'fake-profile' } }),
    cells: {
      visitor: 401,
      noProfile: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] })),
      other: cell(404, ({ answer }) => expect(answer.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] })),
      admin: 401,
      owner: cell(400, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'report-self', message: 'You cannot report yourself' })),
    },
  },
  {
    route: 'GET /api/notices',
    request: () => ({ method: 'GET', url: '/api/notices' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, emptyList),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual([expect.objectContaining({ id: w.ownerNoticeId, kind: 'warning' })])),
    },
  },
  {
    // The owner's notice: only the owner may acknowledge it; for anyone else it does not exist.
    route: 'POST /api/notices/:id/ack',
    request: (w) => ({ method: 'POST', url: `/api/notices/${w.ownerNoticeId}/ack` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 204 },
  },
  {
    route: 'GET /api/admin/reports',
    request: () => ({ method: 'GET', url: '/api/admin/reports' }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => {
        expect(answer.json()).toContainEqual(expect.objectContaining({ id: w.openReportId, reported: expect.objectContaining({ userId: w.owner.id, email: w.owner.email }) }));
        expect(Number(answer.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
      }),
      // A report about the owner is in the list, and the owner still may not read it.
      owner: 401,
    },
  },
  {
    // The evidence of one report (biodata, photos, messages) is the admin's alone.
    route: 'GET /api/admin/reports/:id',
    request: (w) => ({ method: 'GET', url: `/api/admin/reports/${w.openReportId}` }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ id: w.openReportId, reported: { userId: w.owner.id, photos: expect.any(Array) } })),
      owner: 401,
    },
  },
  {
    route: 'POST /api/admin/reports/:id/resolve',
    request: (w) => ({ method: 'POST', url: `/api/admin/reports/${w.openReportId}/resolve`, payload: { action: 'dismiss' } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ userId: w.owner.id, suspended: false, photosRemoved: 0 })),
      owner: 401,
    },
  },
  {
    route: 'POST /api/admin/users/:userId/suspend',
    request: (w) => ({ method: 'POST', url: `/api/admin/users/${w.suspendee.id}/suspend`, payload: { reason: 'matrix' } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ userId: w.suspendee.id, suspended: true, photosRemoved: 0 })),
      owner: 401,
    },
  },
  {
    route: 'POST /api/admin/users/:userId/unsuspend',
    request: (w) => ({ method: 'POST', url: `/api/admin/users/${w.suspendee.id}/unsuspend` }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ userId: w.suspendee.id, suspended: false, photosRemoved: 0 })),
      owner: 401,
    },
  },
  // ---- introductions -----------------------------------------------------------------------------------
  {
    route: 'GET /api/introductions',
    request: () => ({ method: 'GET', url: '/api/introductions' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, emptyList),
      admin: 401,
      owner: cell(200, ({ answer, w }) => {
        const ids = answer.json<{ id: string }[]>().map((i) => i.id);
        expect(ids).toEqual(expect.arrayContaining([w.intro.respond, w.intro.follow]));
        expect(ids).not.toContain(w.intro.cancel);
        // Who ended or declined each one (none of these has closed).
        expect(answer.json<{ closedBy: string | null }[]>().every((i) => i.closedBy === null)).toBe(true);
      }),
    },
  },
  {
    route: 'POST /api/introductions',
    request: (w) => ({ method: 'POST', url: '/api/introductions', payload: { memberA: w.intro.proposeA, memberB: w.intro.proposeB, note: 'Proposed' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(201, ({ answer }) => expect(answer.json()).toEqual({ id: expect.any(String), status: 'awaiting-elders' })),
    },
  },
  {
    route: 'POST /api/introductions/:id/cancel',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.cancel}/cancel`, payload: { note: 'Travelling' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.cancel, status: 'cancelled' })),
    },
  },
  {
    // Only the person asked may answer; anyone else is told nothing of the introduction (404).
    route: 'POST /api/introductions/:id/respond',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.respond}/respond`, payload: { accept: true } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.respond, status: 'awaiting-second' })),
    },
  },
  {
    route: 'POST /api/introductions/:id/review',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.review}/review`, payload: { decision: 'approve', note: 'Good' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyElders),
      other: cell(403, onlyElders),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.review, status: 'awaiting-first' })),
    },
  },
  {
    route: 'POST /api/introductions/:id/follow-up',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.follow}/follow-up`, payload: { status: 'continuing' } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      // A check-in is a private answer: one member's moves nothing until the other's agrees.
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.follow, status: 'introduced' })),
    },
  },
  {
    // "Did you meet?": one of the two of an introduction both accepted; anyone else is the 404 of an unknown id.
    route: 'POST /api/introductions/:id/met',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.follow}/met`, payload: { met: 'video', again: true } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.follow, met: 'video', again: true })),
    },
  },
  {
    // "Would you share your story?": one of the two of an introduction both accepted (a no is taken at any stage);
    // anyone else is the 404 of an unknown id.
    route: 'POST /api/introductions/:id/story',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.follow}/story`, payload: { share: false } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.follow, share: false })),
    },
  },
  {
    // The photo of the two: only after her own yes (she said no above), never by anyone else.
    route: 'PUT /api/introductions/:id/story/photo',
    request: (w) => ({ method: 'PUT', url: `/api/introductions/${w.intro.follow}/story/photo`, payload: w.jpeg, headers: { 'content-type': 'image/jpeg' } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(409, ({ answer }) => expect(answer.json<{ code: string }>().code).toBe('story-not-agreed')),
    },
  },
  {
    // The landing page's stories: anyone (only published ones, stories.test.ts).
    route: 'GET /api/stories',
    request: () => ({ method: 'GET', url: '/api/stories' }),
    cells: (() => {
      const list = cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true));
      return { visitor: list, noProfile: list, other: list, admin: list, owner: NA };
    })(),
  },
  {
    // A story's photo: published, or to the member who sent it and the admin (stories.test.ts); an unknown key is
    // the same 404 for everyone.
    route: 'GET /objects/stories/:key',
    request: () => ({ method: 'GET', url: '/objects/stories/AAAAAAAAAAAAAAAAAAAAAAAA.jpg' }),
    cells: { visitor: 404, noProfile: 404, other: 404, admin: 404, owner: NA },
  },
  {
    route: 'GET /api/admin/stories',
    request: () => ({ method: 'GET', url: '/api/admin/stories' }),
    cells: { visitor: 401, noProfile: 401, other: 401, admin: cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true)), owner: 401 },
  },
  {
    // Publishing needs both members' yes: the matrix's introduction has none.
    route: 'POST /api/admin/stories/:id/publish',
    request: (w) => ({ method: 'POST', url: `/api/admin/stories/${w.intro.follow}/publish` }),
    cells: { visitor: 401, noProfile: 401, other: 401, admin: cell(409, ({ answer }) => expect(answer.json<{ code: string }>().code).toBe('story-not-agreed')), owner: 401 },
  },
  {
    route: 'DELETE /api/admin/stories/:id/publish',
    request: (w) => ({ method: 'DELETE', url: `/api/admin/stories/${w.intro.follow}/publish` }),
    cells: { visitor: 401, noProfile: 401, other: 401, admin: cell(404, ({ answer }) => expect(answer.json<{ code: string }>().code).toBe('story-not-found')), owner: 401 },
  },
  {
    // A request names someone the caller may see (a candidate); anyone else is unknown.
    route: 'POST /api/introduction-requests',
    request: (w) => ({ method: 'POST', url: '/api/introduction-requests', payload: { userId: w.partner.id, note: 'Please' } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(201, ({ answer }) => expect(answer.json()).toEqual({ id: expect.any(String) })),
    },
  },
  {
    route: 'GET /api/coordinator/members',
    request: () => ({ method: 'GET', url: '/api/coordinator/members?filter=all' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ userId: string }[]>().map((m) => m.userId)).toContain(w.partner.id)),
    },
  },
  {
    route: 'GET /api/coordinator/members/:userId',
    request: (w) => ({ method: 'GET', url: `/api/coordinator/members/${w.owner.id}` }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ userId: w.owner.id, photos: w.owner.photos })),
    },
  },
  {
    route: 'GET /api/coordinator/members/:userId/suggestions',
    request: (w) => ({ method: 'GET', url: `/api/coordinator/members/${w.owner.id}/suggestions` }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true)),
    },
  },
  // ---- the marriage-readiness consultation queue (coordinators only; the note never reaches a member) -----------
  {
    route: 'GET /api/coordinator/consultations',
    request: () => ({ method: 'GET', url: '/api/coordinator/consultations' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ userId: string }[]>().map((m) => m.userId)).toContain(w.partner.id)),
    },
  },
  {
    route: 'POST /api/coordinator/consultations/:userId/handled',
    request: (w) => ({ method: 'POST', url: `/api/coordinator/consultations/${w.partner.id}/handled`, payload: { note: 'Called; meeting on Sunday' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toMatchObject({ userId: w.partner.id, note: 'Called; meeting on Sunday' })),
    },
  },
  // ---- references and verification ----------------------------------------------------------------------
  {
    // The member asks; "noProfile" has no first name a referee could be told (409).
    route: 'POST /api/references',
    request: () => ({ method: 'POST', url: '/api/references', payload: { name: 'Guru Das', email: uniqueEmail('guru'), relationship: 'spiritual-teacher', language: 'es', ...hijack(world) } }),
    cells: (() => {
      const asked = cell(201, ({ answer }) => expect(answer.json()).toEqual({ id: expect.any(String), status: 'requested' }));
      return { visitor: 401, noProfile: cell(409, ({ answer }) => expect(answer.json<{ code: string }>().code).toBe('reference-needs-profile')), other: asked, admin: 401, owner: asked };
    })(),
  },
  {
    // Each reads only their own, and never the answers.
    route: 'GET /api/references',
    request: () => ({ method: 'GET', url: '/api/references' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, ({ answer, w }) => expect(answer.body).not.toContain(w.refs.kept)),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ id: string }[]>().map((r) => r.id)).toEqual(expect.arrayContaining([w.refs.withdraw, w.refs.kept]))),
    },
  },
  {
    route: 'DELETE /api/references/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/references/${w.refs.withdraw}` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 204 },
  },
  {
    // The token is the authority (mailed to the referee): anyone holding it, signed in or not, reads the same.
    route: 'GET /api/reference-requests/:token',
    request: async (w) => ({ method: 'GET', url: `/api/reference-requests/${await partnerRefereeToken(w)}` }),
    cells: (() => {
      const view = cell(200, ({ answer }) =>
        expect(answer.json()).toEqual({ memberFirstName: 'Pradeep', memberName: 'Pradeep P.', memberCity: 'Austin', hasPhoto: true, relationship: 'mentor', language: 'en' }),
      );
      return { visitor: view, noProfile: view, other: view, admin: view, owner: NA };
    })(),
  },
  {
    // The member's first photo as a thumbnail: the live link is the authority, whoever holds it (never cached).
    route: 'GET /api/reference-requests/:token/photo',
    request: async (w) => ({ method: 'GET', url: `/api/reference-requests/${await partnerRefereeToken(w)}/photo` }),
    cells: (() => {
      const thumbnail = cell(200, ({ answer }) => {
        expect(answer.headers['content-type']).toMatch(/^image\//);
        expect(answer.headers['cache-control']).toBe('private, no-store');
      });
      return { visitor: thumbnail, noProfile: thumbnail, other: thumbnail, admin: thumbnail, owner: NA };
    })(),
  },
  {
    route: 'POST /api/reference-requests/:token',
    request: async (w) => ({ method: 'POST', url: `/api/reference-requests/${await partnerRefereeToken(w)}`, payload: REFEREE_ANSWER }),
    cells: { visitor: 204, noProfile: 204, other: 204, admin: 204, owner: NA },
  },
  {
    route: 'POST /api/reference-requests/:token/decline',
    request: async (w) => ({ method: 'POST', url: `/api/reference-requests/${await partnerRefereeToken(w)}/decline` }),
    cells: { visitor: 204, noProfile: 204, other: 204, admin: 204, owner: NA },
  },
  {
    route: 'GET /api/coordinator/members/:userId/references',
    request: (w) => ({ method: 'GET', url: `/api/coordinator/members/${w.partner.id}/references` }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ id: string; answer: unknown }[]>()).toContainEqual(expect.objectContaining({ id: w.refs.partnerReceived, answer: expect.objectContaining({ refereeName: 'Vrinda Referee' }) }))),
    },
  },
  {
    route: 'POST /api/coordinator/members/:userId/verification',
    request: (w) => ({ method: 'POST', url: `/api/coordinator/members/${w.partner.id}/verification`, payload: { method: 'in-person', note: 'Met at the temple' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(201, ({ answer }) => expect(answer.json()).toMatchObject({ verified: true, method: 'in-person' })),
    },
  },
  {
    route: 'DELETE /api/coordinator/members/:userId/verification',
    request: (w) => ({ method: 'DELETE', url: `/api/coordinator/members/${w.partner.id}/verification` }),
    cells: { visitor: 401, noProfile: cell(403, onlyCoordinators), other: cell(403, onlyCoordinators), admin: 401, owner: 204 },
  },
  {
    route: 'GET /api/coordinator/introductions',
    request: () => ({ method: 'GET', url: '/api/coordinator/introductions' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ id: string }[]>().map((i) => i.id)).toContain(w.intro.follow)),
    },
  },
  {
    route: 'GET /api/coordinator/overview',
    request: () => ({ method: 'GET', url: '/api/coordinator/overview' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ waitingMembers: expect.any(Number), acceptanceRate: expect.any(Number) })),
    },
  },
  {
    // Figures that name no member: coordinators and the admin session.
    route: 'GET /api/coordinator/outcomes',
    request: () => ({ method: 'GET', url: '/api/coordinator/outcomes' }),
    cells: (() => {
      const figures = cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ months: expect.any(Array), totals: expect.objectContaining({ proposed: expect.any(Number) }), reasons: expect.any(Array), coordinators: expect.any(Array) }));
      return { visitor: 401, noProfile: cell(403, onlyCoordinators), other: cell(403, onlyCoordinators), admin: figures, owner: figures };
    })(),
  },
  {
    route: 'GET /api/elders/introductions',
    request: () => ({ method: 'GET', url: '/api/elders/introductions' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyElders),
      other: cell(403, onlyElders),
      admin: 401,
      owner: cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true)),
    },
  },
  {
    // The admin session alone grants roles; a coordinator or elder (the owner) is not the admin.
    route: 'PUT /api/admin/users/:userId/roles',
    request: (w) => ({ method: 'PUT', url: `/api/admin/users/${w.guide.id}/roles`, payload: { coordinator: false, elder: false } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ userId: w.guide.id, roles: [] })),
      owner: 401,
    },
  },
  {
    route: 'GET /api/admin/team',
    request: () => ({ method: 'GET', url: '/api/admin/team' }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json<{ userId: string }[]>().map((m) => m.userId)).toContain(w.owner.id)),
      owner: 401,
    },
  },
  {
    // Only the admin invites to the team.
    route: 'POST /api/admin/team/invitations',
    request: () => ({ method: 'POST', url: '/api/admin/team/invitations', payload: { email: uniqueEmail('invitee'), role: 'elder' } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(201, ({ answer }) => expect(answer.json()).toMatchObject({ role: 'elder', language: 'en' })),
      owner: 401,
    },
  },
  {
    // The token and the invitee's own verified account together are the authority: each signed-in
    // cell is invited at its own address, verified, and gets the role, so it runs on a fresh account (the shared
    // callers keep no role). The admin session and the visitor have no account: a stranger's invitation.
    route: 'POST /api/team/accept',
    fresh: { noProfile: 'account', other: 'account' },
    request: async (_w, _caller, cookie) => {
      const me = cookie ? await inject({ method: 'GET', url: '/api/auth/user', cookie }) : undefined;
      const account = me?.statusCode === 200 ? me.json<{ id: string; email: string }>() : undefined;
      // Invited at its own address, never verified: accepting proves the address (the link reached it).
      const email = account?.email ?? uniqueEmail('invitee');
      expectStatus(await inject({ method: 'POST', url: '/api/admin/team/invitations', cookie: world.adminCookie, payload: { email, role: 'coordinator' } }), 201, 'invite');
      // The fresh account's verification mail goes out in the same drain, in either order: pick the invitation.
      // The app's own worker may be sending it while drain() passes it by (SKIP LOCKED): wait for it a little.
      let mail: (typeof mailbox)[number] | undefined;
      for (let tries = 0; tries < 50 && !mail; tries += 1) {
        await settleJobs(ctx.app);
        mail = mailbox.filter((m) => m.to === email && m.text.includes('/join-team?token=')).at(-1);
        if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const token = /join-team\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
      if (!token) throw new Error(`no invitation mail for ${email}`);
      return { method: 'POST', url: '/api/team/accept', payload: { token, firstName: 'Matrix' } };
    },
    cells: (() => {
      const granted = cell(204);
      return { visitor: 401, noProfile: granted, other: granted, admin: 401, owner: NA };
    })(),
  },
  {
    // Invitations sent and not taken: the admin's list only (addresses of people who are not members yet).
    route: 'GET /api/admin/team/invitations',
    request: () => ({ method: 'GET', url: '/api/admin/team/invitations' }),
    cells: { visitor: 401, noProfile: 401, other: 401, admin: cell(200, ({ answer }) => expect(Array.isArray(answer.json())).toBe(true)), owner: 401 },
  },
  {
    // Each cell cancels an invitation of its own; only the admin's goes through.
    route: 'DELETE /api/admin/team/invitations/:id',
    request: async () => {
      const invited = await inject({ method: 'POST', url: '/api/admin/team/invitations', cookie: world.adminCookie, payload: { email: uniqueEmail('cancelled'), role: 'elder' } });
      expectStatus(invited, 201, 'invite');
      return { method: 'DELETE', url: `/api/admin/team/invitations/${invited.json<{ id: string }>().id}` };
    },
    cells: { visitor: 401, noProfile: 401, other: 401, admin: 204, owner: 401 },
  },
  {
    // The join page's question: the token is the authority; the answer is the role and the address the link was
    // mailed to (the sign-up page fills it in), to whoever holds the link.
    route: 'GET /api/team/invitations/:token',
    request: async () => {
      const email = uniqueEmail('offered');
      expectStatus(await inject({ method: 'POST', url: '/api/admin/team/invitations', cookie: world.adminCookie, payload: { email, role: 'elder' } }), 201, 'invite');
      await settleJobs(ctx.app);
      const token = /join-team\?token=([A-Za-z0-9_-]+)/.exec(mailbox.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
      if (!token) throw new Error(`no invitation mail for ${email}`);
      return { method: 'GET', url: `/api/team/invitations/${token}` };
    },
    cells: (() => {
      const offered = cell(200, ({ answer }) => expect(answer.json()).toEqual({ role: 'elder', email: expect.stringContaining('offered') }));
      return { visitor: offered, noProfile: offered, other: offered, admin: offered, owner: NA };
    })(),
  },
  // ---- the ladder of verification (issue 50) ---------------------------------------------------------------
  {
    // Her own rungs only: nothing in the request names anyone else.
    route: 'GET /api/verification',
    request: (w) => ({ method: 'GET', url: `/api/verification?userId=${w.owner.id}` }),
    cells: (() => {
      const ownLadder = cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ selfie: null, metByCoordinator: null, references: null, full: null }));
      return { visitor: 401, noProfile: ownLadder, other: ownLadder, admin: 401, owner: ownLadder };
    })(),
  },
  {
    route: 'POST /api/verification/selfie/gesture',
    request: (w) => ({ method: 'POST', url: '/api/verification/selfie/gesture', payload: { handsFree: true, ...hijack(w) } }),
    cells: (() => {
      const drawn = cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ gestureId: expect.stringMatching(/^(turn-head-left|eyes-closed|look-up|tilt-head)$/) }));
      return { visitor: 401, noProfile: drawn, other: drawn, admin: 401, owner: drawn };
    })(),
  },
  {
    // The photo is always the caller's own, for the gesture drawn for her; without a profile photo, nothing to compare.
    route: 'POST /api/verification/selfie',
    fresh: { other: 'account' },
    request: async (w, _caller, cookie) => {
      if (cookie) await inject({ method: 'POST', url: '/api/verification/selfie/gesture', cookie });
      return { method: 'POST', url: `/api/verification/selfie?userId=${w.owner.id}`, payload: w.jpeg, headers: { 'content-type': 'image/jpeg' } };
    },
    cells: (() => {
      const sent = cell(201, ({ answer }) => expect(answer.json()).toEqual({ status: 'pending', submittedAt: expect.any(String) }));
      return { visitor: 401, noProfile: cell(409, ({ answer }) => expect(answer.json<{ code: string }>().code).toBe('selfie-needs-photos')), other: sent, admin: 401, owner: sent };
    })(),
  },
  {
    route: 'GET /api/coordinator/selfies',
    request: () => ({ method: 'GET', url: '/api/coordinator/selfies' }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => {
        const ids = answer.json<{ id: string }[]>().map((item) => item.id);
        expect(ids).toEqual(expect.arrayContaining([w.selfies.read, w.selfies.decide]));
        expect(answer.body).not.toContain('selfies/');
      }),
    },
  },
  {
    // The selfie itself: coordinators who reach the member, audited, never cached.
    route: 'GET /objects/selfies/:id',
    request: (w) => ({ method: 'GET', url: `/objects/selfies/${w.selfies.read}` }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, (c) => {
        isPhoto(c);
        expect(c.answer.headers['cache-control']).toBe('private, no-store');
      }),
    },
  },
  {
    route: 'POST /api/coordinator/selfies/:id/decision',
    request: (w) => ({ method: 'POST', url: `/api/coordinator/selfies/${w.selfies.decide}/decision`, payload: { approve: true, note: 'Same person' } }),
    cells: {
      visitor: 401,
      noProfile: cell(403, onlyCoordinators),
      other: cell(403, onlyCoordinators),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.selfies.decide, status: 'approved' })),
    },
  },
  {
    // A moderation action of the admin session's; the suspendee has nothing to clear and is told all the same.
    route: 'POST /api/admin/users/:userId/reverify',
    request: (w) => ({ method: 'POST', url: `/api/admin/users/${w.suspendee.id}/reverify`, payload: { rungs: ['selfie', 'metByCoordinator'] } }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ userId: w.suspendee.id, cleared: [] })),
      owner: 401,
    },
  },
  // ---- guardians ----------------------------------------------------------------------------------------
  {
    // Inviting gives the caller something to own: fresh accounts. The owner is at her limit of 2 (409, with its code).
    route: 'POST /api/guardians',
    fresh: { noProfile: 'account', other: 'account' },
    request: () => ({ method: 'POST', url: '/api/guardians', payload: { name: 'Amma', email: uniqueEmail('parent'), relation: 'parent', seesMessages: true } }),
    cells: {
      visitor: 401,
      noProfile: cell(201, ({ answer }) => expect(answer.json()).toEqual({ id: expect.any(String), status: 'invited' })),
      other: cell(201, ({ answer }) => expect(answer.json()).toEqual({ id: expect.any(String), status: 'invited' })),
      admin: 401,
      owner: cell(409, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'guardian-limit' })),
    },
  },
  {
    route: 'GET /api/guardians',
    request: () => ({ method: 'GET', url: '/api/guardians' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, emptyList),
      other: cell(200, emptyList),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ id: string }[]>().map((g) => g.id)).toEqual([w.guardian.linkId, w.guardian.spareLinkId])),
    },
  },
  {
    // Only the member changes what her guardian reads; for anyone else the link does not exist.
    route: 'PATCH /api/guardians/:id',
    request: (w) => ({ method: 'PATCH', url: `/api/guardians/${w.guardian.linkId}`, payload: { seesMessages: true } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ seesMessages: true, status: 'active' })),
    },
  },
  {
    // The owner withdraws her unanswered invitation; nobody else can.
    route: 'DELETE /api/guardians/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/guardians/${w.guardian.spareLinkId}` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 204 },
  },
  {
    // The token is the authority (mailed to the invitee); any signed-in account accepts, so each cell runs on a
    // fresh account, invited by a member of its own.
    route: 'POST /api/guardians/accept',
    fresh: { noProfile: 'account', other: 'account' },
    request: async () => {
      const member = await signUp(ctx.app);
      const email = uniqueEmail('guardian');
      expectStatus(await inject({ method: 'POST', url: '/api/guardians', cookie: member.cookie, payload: { name: 'Amma', email, relation: 'parent', seesMessages: false } }), 201, 'invite');
      await settleJobs(ctx.app);
      const token = /guardian-invitation\?token=([\w-]+)/.exec(mailbox.findLast((m) => m.to === email)?.text ?? '')?.[1];
      if (!token) throw new Error(`no guardian invitation mail for ${email}`);
      return { method: 'POST', url: '/api/guardians/accept', payload: { token } };
    },
    cells: { visitor: 401, noProfile: 204, other: 204, admin: 401, owner: NA },
  },
  {
    // The invitation page before accepting: the token is the authority, whoever holds it (signed in or not) reads
    // who invited them. The member's first name, the relation and whether messages are shared: what the mail says.
    route: 'GET /api/guardian-invitations/:token',
    request: async () => {
      const member = await signUp(ctx.app);
      const email = uniqueEmail('guardian');
      expectStatus(await inject({ method: 'POST', url: '/api/guardians', cookie: member.cookie, payload: { name: 'Amma', email, relation: 'mentor', seesMessages: false } }), 201, 'invite');
      await settleJobs(ctx.app);
      const token = /guardian-invitation\?token=([\w-]+)/.exec(mailbox.findLast((m) => m.to === email)?.text ?? '')?.[1];
      if (!token) throw new Error(`no guardian invitation mail for ${email}`);
      return { method: 'GET', url: `/api/guardian-invitations/${token}` };
    },
    cells: (() => {
      const view = cell(200, ({ answer }) => expect(answer.json()).toEqual({ memberFirstName: null, relation: 'mentor', seesMessages: false, email: expect.stringContaining('guardian') }));
      return { visitor: view, noProfile: view, other: view, admin: view, owner: NA };
    })(),
  },
  {
    route: 'GET /api/guarding',
    request: () => ({ method: 'GET', url: '/api/guarding' }),
    cells: { visitor: 401, noProfile: cell(200, emptyList), other: cell(200, emptyList), admin: 401, owner: cell(200, emptyList) },
  },
  // Only her guardian reads the owner's introductions and conversations (the refusals below show the guardian's
  // reads); anyone else, the owner herself included (she is nobody's guardian), gets the 404 of an unknown member.
  {
    route: 'GET /api/guarding/:memberUserId/introductions',
    request: (w) => ({ method: 'GET', url: `/api/guarding/${w.owner.id}/introductions` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 404 },
  },
  {
    route: 'GET /api/guarding/:memberUserId/conversations',
    request: (w) => ({ method: 'GET', url: `/api/guarding/${w.owner.id}/conversations` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 404 },
  },
  {
    route: 'GET /api/guarding/:memberUserId/messages/:otherUserId',
    request: (w) => ({ method: 'GET', url: `/api/guarding/${w.owner.id}/messages/${w.partner.id}` }),
    cells: { visitor: 401, noProfile: 404, other: 404, admin: 401, owner: 404 },
  },
  // A guardian never acts for the member: every write under her address is 403 for anyone signed in.
  ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map(
    (method): Row => ({
      route: `${method} /api/guarding/:memberUserId/*`,
      request: (w) => ({ method, url: `/api/guarding/${w.owner.id}/messages`, payload: method === 'DELETE' ? undefined : { receiverId: w.partner.id, content: 'Hello' } }),
      cells: (() => {
        const readOnly = cell(403, ({ answer }) => expect(answer.json()).toMatchObject({ code: 'guardian-read-only' }));
        return { visitor: 401, noProfile: readOnly, other: readOnly, admin: 401, owner: readOnly };
      })(),
    }),
  ),
  {
    // The site's content is public; only the admin changes it.
    route: 'GET /api/site-content',
    request: () => ({ method: 'GET', url: '/api/site-content' }),
    cells: (() => {
      const content = cell(200, ({ answer }) => expect(answer.json()).toHaveProperty('testimonials'));
      return { visitor: content, noProfile: content, other: content, admin: content, owner: NA };
    })(),
  },
  {
    route: 'PUT /api/admin/site-content',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/site-content',
      payload: { testimonials: [], ministryName: null, ministryLine: null, ministryUrl: null, contactEmail: 'hello@sanga.test', donationUrl: null },
    }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer }) => expect(answer.json()).toMatchObject({ testimonials: [], sampleTestimonials: false })),
      owner: 401,
    },
  },
  {
    route: 'GET /api/admin/launch-checklist',
    request: () => ({ method: 'GET', url: '/api/admin/launch-checklist' }),
    cells: {
      visitor: 401,
      noProfile: 401,
      other: 401,
      admin: cell(200, ({ answer }) => {
        expect(answer.json<{ item: string }[]>().map((entry) => entry.item)).toEqual([...launchChecklistItems]);
        // The messaging mode in force, with introductions-only recommended.
        expect(answer.json<{ item: string }[]>()).toContainEqual({ item: 'direct-messages', done: false, mode: 'open' });
      }),
      owner: 401,
    },
  },
  {
    // A member's own pending requests; nobody else's.
    route: 'GET /api/introduction-requests',
    request: () => ({ method: 'GET', url: '/api/introduction-requests' }),
    cells: {
      visitor: 401,
      noProfile: cell(200, ({ answer }) => expect(answer.json()).toEqual([])),
      other: cell(200, ({ answer }) => expect(answer.json()).toEqual([])),
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json<{ id: string }[]>().map((r) => r.id)).toContain(w.intro.request)),
    },
  },
  {
    // Only its maker withdraws a request; to anyone else it does not exist.
    route: 'DELETE /api/introduction-requests/:id',
    request: (w) => ({ method: 'DELETE', url: `/api/introduction-requests/${w.intro.request}` }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: 204,
    },
  },
  {
    // One of the two (here the owner, a member of it) or a coordinator outside the pair ends it; last in
    // the table, since it ends the introduction the rows above read.
    route: 'POST /api/introductions/:id/end',
    request: (w) => ({ method: 'POST', url: `/api/introductions/${w.intro.follow}/end`, payload: { note: 'We parted kindly' } }),
    cells: {
      visitor: 401,
      noProfile: 404,
      other: 404,
      admin: 401,
      owner: cell(200, ({ answer, w }) => expect(answer.json()).toEqual({ id: w.intro.follow, status: 'ended' })),
    },
  },
];

// ---------------------------------------------------------------------------------------------------------
// Running a cell

async function cookieFor(row: Row, caller: Caller): Promise<string | undefined> {
  const fresh = row.fresh?.[caller];
  switch (caller) {
    case 'visitor':
      return undefined;
    case 'admin':
      return fresh ? adminSession() : world.adminCookie;
    case 'owner':
      return fresh ? signIn(world.owner) : world.owner.cookie;
    case 'noProfile':
      if (fresh === 'account') return (await signUp(ctx.app)).cookie;
      return fresh ? signIn(world.noProfile) : world.noProfile.cookie;
    case 'other':
      if (fresh === 'account') return (await createProfileUser(ctx.app, OTHER_INPUT)).account.cookie;
      return fresh ? signIn(world.other) : world.other.cookie;
  }
}

async function injectAnswer(request: Request, cookie: string | undefined): Promise<Answer> {
  const response = await inject({ ...request, cookie });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    cookie: response.cookies.some((c) => c.name === 'sanga.sid') ? sessionCookie(response) : undefined,
    raw: response.rawPayload,
    json: <T>() => response.json<T>(),
  };
}

/** Through the listening server; an event stream is read until `done` holds or briefly, then dropped. */
async function httpAnswer(request: Request, cookie: string | undefined, done?: (text: string) => boolean): Promise<Answer> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...request.headers },
    signal: controller.signal,
  });
  let body = '';
  if (response.headers.get('content-type')?.includes('text/event-stream') && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const deadline = Date.now() + (done ? 5000 : 400);
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), left)))]);
      clearTimeout(timer);
      if (!chunk || chunk.done) break;
      body += decoder.decode(chunk.value, { stream: true });
      if (done?.(body)) break;
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);
  } else {
    body = await response.text();
  }
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}

function expectNoLeak(answer: Answer, w: World) {
  const text = `${answer.body}\n${String(answer.headers.location ?? '')}`;
  for (const secret of w.secrets) expect(text, `the answer carries the owner's "${secret}"`).not.toContain(secret);
}

const counts = { defined: TABLE.length * CALLERS.length, na: 0, tested: 0 };
for (const row of TABLE) for (const caller of CALLERS) if (row.cells[caller] === NA) counts.na += 1;

async function runCell(row: Row, caller: Caller, expected: Expectation) {
  const cookie = await cookieFor(row, caller);
  const request = await row.request(world, caller, cookie);
  catalogue.takeMatched();
  const answer = row.transport === 'http' ? await httpAnswer(request, cookie, expected.streamDone && ((t) => expected.streamDone!(t, world))) : await injectAnswer(request, cookie);
  expect(catalogue.takeMatched(), 'the request reached the route of its row').toBe(row.route);
  expect(answer.status, `${row.route} as ${caller}: ${answer.body.slice(0, 300)}`).toBe(expected.status);
  if (answer.status >= 400) {
    // The one error shape, and never a stack trace.
    expect(answer.json()).toEqual({ code: expect.any(String), message: expect.any(String), errors: expect.any(Array) });
    expect(answer.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  }
  const allowedToSeeOwnerData = caller === 'owner' || (caller === 'admin' && answer.status < 300);
  if (!allowedToSeeOwnerData) expectNoLeak(answer, world);
  await expected.check?.({ answer, w: world, caller, cookie, request });
  counts.tested += 1;
}

// ---------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  ctx = await createTestContext(
    { adminPassword: ADMIN_PASSWORD, introductions: { maxOpen: 3, elderApprovals: 1, responseDays: 7 }, pushEndpointAllow: [PUSH_ORIGIN] },
    { mailer, onRoute: catalogue.onRoute },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  world = await buildWorld();
});
afterAll(() => ctx?.close());

describe('permission matrix', () => {
  it('has one row for every registered route, and no row for a route that does not exist', () => {
    const registered = catalogue.routes();
    const rows = TABLE.map((row) => row.route);
    expect(registered.length).toBeGreaterThan(30);
    expect(rows.filter((route, i) => rows.indexOf(route) !== i), 'routes with two rows').toEqual([]);
    expect(registered.filter((route) => !rows.includes(route)), 'registered routes without a row').toEqual([]);
    expect(rows.filter((route) => !registered.includes(route)), 'rows naming no registered route').toEqual([]);
  });

  for (const row of TABLE) {
    describe(row.route, () => {
      for (const caller of CALLERS) {
        const spec = row.cells[caller];
        if (spec === NA) continue;
        const expected = typeof spec === 'number' ? { status: spec } : spec;
        it(`${caller} → ${expected.status}`, () => runCell(row, caller, expected));
      }
    });
  }

  it('reports cells tested / cells defined', () => {
    const width = Math.max(...TABLE.map((row) => row.route.length));
    const lines = TABLE.map(
      (row) =>
        `${row.route.padEnd(width)}  ${CALLERS.map((caller) => {
          const spec = row.cells[caller];
          return String(spec === NA ? NA : typeof spec === 'number' ? spec : spec.status).padEnd(9);
        }).join(' ')}`,
    );
    console.log(
      [
        `${''.padEnd(width)}  ${CALLERS.map((c) => c.padEnd(9)).join(' ')}`,
        ...lines,
        `permission matrix: ${TABLE.length} routes × ${CALLERS.length} callers = ${counts.defined} cells defined, ` +
          `${counts.na} n/a, ${counts.tested} tested (${counts.tested}/${counts.defined - counts.na} of the applicable cells)`,
      ].join('\n'),
    );
    expect(counts.tested).toBe(counts.defined - counts.na);
  });
});

/**
 * Refusals the grid cannot hold (one row per route): the same routes asked by the allowed role about the wrong
 * person or status. The owner is a coordinator and an elder; each case is answered as the
 * grid's refusals are: 404 for a person the caller may not reach (ids reveal nothing), 403 with a message for a
 * status an elder may not ask for.
 */
describe('permission matrix: refusals to the allowed roles (#28, #37)', () => {
  it('an elder asking for any status but awaiting-elders or reviewed → 403', async () => {
    const cookie = await signIn(world.owner);
    for (const status of ['married', 'introduced', 'courting', 'ended', 'declined']) {
      const answer = await inject({ method: 'GET', url: `/api/elders/introductions?status=${status}`, cookie });
      expect(answer.statusCode, status).toBe(403);
      expect(answer.json()).toEqual({ code: 'elders-see-reviews-only', message: 'Elders see only the introductions awaiting their review and the ones they reviewed', errors: [] });
    }
    expect((await inject({ method: 'GET', url: '/api/elders/introductions?status=reviewed', cookie })).statusCode).toBe(200);
  });

  it('the owner’s guardian reads her introductions, conversations and a thread, and can change nothing (issue 33)', async () => {
    const cookie = await signIn(world.guardian);
    const base = `/api/guarding/${world.owner.id}`;
    const guarding = await inject({ method: 'GET', url: '/api/guarding', cookie });
    expect(guarding.json()).toEqual([{ memberUserId: world.owner.id, memberFirstName: 'Ottilie', seesMessages: true }]);
    expect((await inject({ method: 'GET', url: `${base}/introductions`, cookie })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `${base}/conversations`, cookie })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: `${base}/messages/${world.partner.id}`, cookie })).statusCode).toBe(200);
    // Someone the owner has no conversation with: nothing.
    expect((await inject({ method: 'GET', url: `${base}/messages/${world.other.id}`, cookie })).statusCode).toBe(404);
    const patch = await inject({ method: 'PATCH', url: `/api/guardians/${world.guardian.linkId}`, cookie, payload: { seesMessages: false } });
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ code: 'guardian-read-only' });
  });

  it('a coordinator asking for a suspended or hidden member, or one who blocked them: member, suggestions and photo → 404', async () => {
    const cookie = await signIn(world.owner);
    const adminCookie = await adminSession();
    const made = async (name: string) => createProfileUser(ctx.app, { name, gender: 'woman', dateOfBirth: '1993-03-03' });
    const suspended = await made('Sunita Suspended');
    const hidden = await made('Hema Hidden');
    const blocker = await made('Bina Blocker');
    expect((await inject({ method: 'POST', url: `/api/admin/users/${suspended.account.id}/suspend`, cookie: adminCookie, payload: { reason: 'Matrix' } })).statusCode).toBe(200);
    expect((await inject({ method: 'PATCH', url: '/api/profile/toggle-active', cookie: hidden.account.cookie, payload: { active: false } })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/messages', cookie, payload: { receiverId: blocker.account.id, content: 'Namaste' } })).statusCode).toBe(201);
    expect((await inject({ method: 'POST', url: '/api/blocks', cookie: blocker.account.cookie, payload: { userId: world.owner.id } })).statusCode).toBe(201);
    for (const person of [suspended, hidden, blocker]) {
      for (const url of [`/api/coordinator/members/${person.account.id}`, `/api/coordinator/members/${person.account.id}/suggestions`, person.photos[0]!]) {
        const answer = await inject({ method: 'GET', url, cookie });
        expect(answer.statusCode, url).toBe(404);
        expect(answer.body).not.toContain(person.account.id);
      }
    }
  });
});
