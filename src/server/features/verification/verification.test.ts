/**
 * The ladder of verification (issue 50 part 2), through the API on a real database: the rungs on GET /api/verification,
 * the match card and page and the introduction card (dates only, never the evidence), the selfie check (gesture,
 * upload, queue, the coordinator's read and decision, the file deleted on decision and after 14 days by the job,
 * the daily limit, the audit), who may do what, the coordinators' filter by rung, and the admin's "verify again".
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { gestureIds, SELFIE_KEEP_MS } from '#domain/verification/selfie';
import { adminAudit, jobs, selfieChecks } from '#server/db/schema';
import { createProfileUser, makeJpeg, uploadPhoto } from '#server/test/factories';
import { createCapturingMailer, createTestContext, runJobsDueBy, sessionCookie, settleJobs, signUp, uniqueEmail, type TestContext } from '#server/test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const ANSWER = {
  refereeName: 'Bhakti Tirtha Swami',
  knownForYears: 12,
  inGoodStanding: 'yes',
  recommend: 'yes',
  character: 'Quillwort-steady in practice, kind to everyone, serves at the temple every week.',
  concerns: '',
  mayContact: true,
  phone: '+1 555 0100',
} as const;

let ctx: TestContext;
let clock = new Date('2026-11-26T10:00:00Z');
const mailer = createCapturingMailer();
let adminCookie: string;
let ip = 0;

const call = (method: string, url: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) => {
  ip += 1;
  return ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: payload as object | undefined,
    remoteAddress: `10.50.${(ip >> 8) & 255}.${ip & 255}`,
  });
};

let n = 0;
async function member(overrides: Partial<ProfileFormValues> = {}) {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Radha${n} Devi`, gender: 'woman', dateOfBirth: '1994-05-17', ...overrides });
  return { id: made.account.id, cookie: made.account.cookie, password: made.account.password, email: made.account.email, profileId: made.profile.id, photos: made.photos };
}

async function coordinator() {
  const account = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${account.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
  return account;
}

/** Opens the verification link the sign-up mailed to this address. */
async function verifyEmail(email: string) {
  await settleJobs(ctx.app);
  const mail = mailer.sent.filter((m) => m.to === email).at(-1)!;
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect((await call('POST', '/api/auth/verify-email', undefined, { token })).statusCode).toBe(204);
}

/** A reference received and read by a coordinator (so it counts for matches), answered at the clock's time. */
async function countedReference(cookie: string, userId: string, coordinatorCookie: string) {
  const made = await call('POST', '/api/references', cookie, { name: 'Guru Das', email: uniqueEmail('referee'), relationship: 'spiritual-teacher', language: 'en' });
  expect(made.statusCode, made.body).toBe(201);
  await settleJobs(ctx.app);
  const mail = mailer.sent.at(-1)!;
  const token = /\/reference\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect((await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER)).statusCode).toBe(204);
  expect((await call('GET', `/api/coordinator/members/${userId}/references`, coordinatorCookie)).statusCode).toBe(200);
}

const selfieBytes = () => makeJpeg({ width: 640, height: 480, gps: true, color: '#8a5a44' });

/** Draws a gesture and sends a selfie; answers the check's id. */
async function sendSelfie(cookie: string) {
  const drawn = await call('POST', '/api/verification/selfie/gesture', cookie, {});
  expect(drawn.statusCode, drawn.body).toBe(200);
  const sent = await call('POST', '/api/verification/selfie', cookie, await selfieBytes(), { 'content-type': 'image/jpeg' });
  expect(sent.statusCode, sent.body).toBe(201);
  const queue = await ctx.database.db.select().from(selfieChecks).where(eq(selfieChecks.status, 'pending'));
  return queue.at(-1)!.id;
}

const selfieFiles = () => {
  const folder = path.join(ctx.config.dataDir, 'objects', 'selfies');
  return existsSync(folder) ? readdirSync(folder) : [];
};

const ladderOf = async (cookie: string) => (await call('GET', '/api/verification', cookie)).json<Record<string, unknown> & { selfieCheck: Record<string, unknown> | null }>();

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } }, { mailer, now: () => clock });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(async () => ctx.close());

describe('the rungs', () => {
  it('a new member has none; each rung shows its date on GET /api/verification, and `full` is the latest once all four hold', async () => {
    const radha = await member();
    const coord = await coordinator();
    expect(await ladderOf(radha.cookie)).toEqual({ email: null, selfie: null, metByCoordinator: null, references: null, full: null, selfieCheck: null });

    clock = new Date('2026-11-26T11:00:00Z');
    await verifyEmail(radha.email);
    const emailAt = (await ladderOf(radha.cookie)).email as string;
    // The verification link records the time it was opened (the service's own clock, not the app's test clock).
    expect(Date.parse(emailAt)).toBeGreaterThan(Date.now() - 60_000);

    clock = new Date('2026-11-26T12:00:00Z');
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'in-person', note: 'Met at the Sunday feast' })).statusCode).toBe(201);
    expect(await ladderOf(radha.cookie)).toMatchObject({ metByCoordinator: '2026-11-26T12:00:00.000Z', full: null });

    // The references rung is the date of the second reference counted for matches.
    await countedReference(radha.cookie, radha.id, coord.cookie);
    expect((await ladderOf(radha.cookie)).references).toBeNull();
    await countedReference(radha.cookie, radha.id, coord.cookie);
    const references = (await ladderOf(radha.cookie)).references as string;
    expect(references).toEqual(expect.any(String));

    clock = new Date('2026-11-27T09:00:00Z');
    const id = await sendSelfie(radha.cookie);
    expect((await ladderOf(radha.cookie)).selfieCheck).toMatchObject({ status: 'pending', at: '2026-11-27T09:00:00.000Z', reason: null });
    clock = new Date('2026-11-27T10:00:00Z');
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true })).statusCode).toBe(200);
    const ladder = await ladderOf(radha.cookie);
    expect(ladder).toMatchObject({ email: emailAt, selfie: '2026-11-27T10:00:00.000Z', metByCoordinator: '2026-11-26T12:00:00.000Z', references });
    const latest = [emailAt, '2026-11-27T10:00:00.000Z', '2026-11-26T12:00:00.000Z', references].sort((a, b) => Date.parse(a) - Date.parse(b)).at(-1);
    expect(ladder.full).toBe(latest);
    expect(ladder.selfieCheck).toMatchObject({ status: 'approved', at: '2026-11-27T10:00:00.000Z' });
  });

  it('matches see the same rungs, dates only, on the card, the match page and the introduction card; never the evidence', async () => {
    const radha = await member({ name: 'Radha Ladder' });
    const krishna = await member({ name: 'Krishna Seeker', gender: 'man', dateOfBirth: '1990-02-11' });
    const coord = await coordinator();
    await verifyEmail(radha.email);
    clock = new Date('2026-11-28T08:00:00Z');
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'video-call', note: 'Private note about her family' })).statusCode).toBe(201);
    const id = await sendSelfie(radha.cookie);
    const [row] = await ctx.database.db.select().from(selfieChecks).where(eq(selfieChecks.id, id));
    const selfieKey = row!.objectKey!;
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true, note: 'Looks like her photos' })).statusCode).toBe(200);
    const expected = { selfie: '2026-11-28T08:00:00.000Z', metByCoordinator: '2026-11-28T08:00:00.000Z', references: null, full: null };

    const cards = await call('GET', '/api/matches', krishna.cookie);
    const card = cards.json<Array<{ profileId: string; rungs: Record<string, string | null> }>>().find((c) => c.profileId === radha.profileId)!;
    expect(card.rungs).toMatchObject(expected);
    expect(card.rungs.email).toEqual(expect.any(String));
    const page = await call('GET', `/api/match/${radha.profileId}`, krishna.cookie);
    expect(page.json<{ profile: { rungs: unknown } }>().profile.rungs).toEqual(card.rungs);

    expect((await call('POST', '/api/introductions', coord.cookie, { memberA: krishna.id, memberB: radha.id, note: '' })).statusCode).toBe(201);
    const introductions = await call('GET', '/api/introductions', krishna.cookie);
    const other = introductions.json<Array<{ other: { userId: string; rungs: unknown } | null }>>()[0]!.other!;
    expect(other.userId).toBe(radha.id);
    expect(other.rungs).toEqual(card.rungs);

    // Never the evidence: no selfie key or address, no coordinator's note, no reference's words, no gesture.
    for (const answer of [cards.body, page.body, introductions.body]) {
      expect(answer).not.toContain(selfieKey);
      expect(answer).not.toContain('selfies/');
      expect(answer).not.toContain('Private note');
      expect(answer).not.toContain('Looks like her photos');
      expect(answer).not.toContain(row!.gestureId);
    }
  });

  it('a rung is lost for matches and for herself when what it vouched for changed: a new photo takes the selfie and the meeting', async () => {
    const radha = await member();
    const coord = await coordinator();
    clock = new Date('2026-11-28T09:00:00Z');
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'in-person', note: '' })).statusCode).toBe(201);
    const id = await sendSelfie(radha.cookie);
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true })).statusCode).toBe(200);
    expect(await ladderOf(radha.cookie)).toMatchObject({ selfie: '2026-11-28T09:00:00.000Z', metByCoordinator: '2026-11-28T09:00:00.000Z' });

    // Removing a photo keeps the selfie (every photo she shows was compared), not the meeting (the photos changed).
    const patched = await call('PATCH', '/api/profile', radha.cookie, { photos: [radha.photos[0]] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await ladderOf(radha.cookie)).toMatchObject({ selfie: '2026-11-28T09:00:00.000Z', metByCoordinator: null });
    // A new photo nobody compared takes the selfie too, until a coordinator sees a new one.
    const fresh = await uploadPhoto(ctx.app, radha.cookie);
    expect((await call('PATCH', '/api/profile', radha.cookie, { photos: [radha.photos[0], fresh] })).statusCode).toBe(200);
    expect(await ladderOf(radha.cookie)).toMatchObject({ selfie: null, selfieCheck: { status: 'approved' } });
    // And she may take a new one.
    expect((await call('POST', '/api/verification/selfie/gesture', radha.cookie, {})).statusCode).toBe(200);
  });
});

describe('the selfie check', () => {
  it('draws a gesture from the list, another when asked again, and only hands-free ones when asked', async () => {
    const radha = await member();
    const seen = new Set<string>();
    let previous: string | null = null;
    for (let i = 0; i < 8; i += 1) {
      const drawn = await call('POST', '/api/verification/selfie/gesture', radha.cookie, i % 2 === 0 ? undefined : { handsFree: false });
      expect(drawn.statusCode, drawn.body).toBe(200);
      const { gestureId, expiresAt } = drawn.json<{ gestureId: string; expiresAt: string }>();
      expect(gestureIds).toContain(gestureId);
      expect(gestureId).not.toBe(previous);
      expect(Date.parse(expiresAt) - clock.getTime()).toBe(30 * 60 * 1000);
      previous = gestureId;
      seen.add(gestureId);
    }
    expect(seen.size).toBeGreaterThan(1);
    for (let i = 0; i < 4; i += 1) {
      const { gestureId } = (await call('POST', '/api/verification/selfie/gesture', radha.cookie, { handsFree: true })).json<{ gestureId: string }>();
      expect(['turn-head-left', 'eyes-closed', 'look-up', 'tilt-head']).toContain(gestureId);
    }
    // One drawn gesture a member.
    expect(await ctx.database.db.select().from(selfieChecks).where(and(eq(selfieChecks.userId, radha.id), eq(selfieChecks.status, 'drawn')))).toHaveLength(1);
    expect((await ladderOf(radha.cookie)).selfieCheck).toMatchObject({ status: 'drawn', gestureExpiresAt: expect.any(String) });
  });

  it('refuses a photo without a gesture, after the gesture expired, without a profile photo, and what is not an image', async () => {
    const radha = await member();
    const jpeg = await selfieBytes();
    const missing = await call('POST', '/api/verification/selfie', radha.cookie, jpeg, { 'content-type': 'image/jpeg' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ code: string }>().code).toBe('selfie-gesture-missing');

    const kiran = await member();
    expect((await call('POST', '/api/verification/selfie/gesture', kiran.cookie)).statusCode).toBe(200);
    const notImage = await call('POST', '/api/verification/selfie', kiran.cookie, Buffer.from('not an image at all'), { 'content-type': 'image/jpeg' });
    expect(notImage.statusCode).toBe(415);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    const late = await call('POST', '/api/verification/selfie', kiran.cookie, jpeg, { 'content-type': 'image/jpeg' });
    expect(late.json<{ code: string }>().code).toBe('selfie-gesture-expired');

    const noProfile = await signUp(ctx.app);
    expect((await call('POST', '/api/verification/selfie/gesture', noProfile.cookie)).statusCode).toBe(200);
    const noPhotos = await call('POST', '/api/verification/selfie', noProfile.cookie, jpeg, { 'content-type': 'image/jpeg' });
    expect(noPhotos.json<{ code: string }>().code).toBe('selfie-needs-photos');
    expect((await call('POST', '/api/verification/selfie', undefined, jpeg, { 'content-type': 'image/jpeg' })).statusCode).toBe(401);
  });

  it('the photo is stored stripped of its metadata under a private key; the queue shows it beside her photos; a refusal deletes it and she reads the reason', async () => {
    const radha = await member({ name: 'Radha Selfie' });
    const coord = await coordinator();
    const before = selfieFiles().length;
    clock = new Date('2026-11-29T08:00:00Z');
    const id = await sendSelfie(radha.cookie);
    expect(selfieFiles()).toHaveLength(before + 1);
    const [row] = await ctx.database.db.select().from(selfieChecks).where(eq(selfieChecks.id, id));
    expect(row!.objectKey).toMatch(/^selfies\/[A-Za-z0-9_-]{32}\.jpg$/);
    // A second attempt waits for the first's decision.
    const again = await call('POST', '/api/verification/selfie/gesture', radha.cookie);
    expect(again.json<{ code: string }>().code).toBe('selfie-pending');

    const queue = await call('GET', '/api/coordinator/selfies', coord.cookie);
    expect(queue.statusCode).toBe(200);
    const item = queue.json<Array<Record<string, unknown>>>().find((entry) => entry.id === id)!;
    expect(item).toEqual({
      id,
      userId: radha.id,
      name: 'Radha Selfie',
      gestureId: row!.gestureId,
      submittedAt: '2026-11-29T08:00:00.000Z',
      deleteBy: new Date(clock.getTime() + SELFIE_KEEP_MS).toISOString(),
      photos: radha.photos,
    });
    expect(queue.body).not.toContain(row!.objectKey!);

    const image = await call('GET', `/objects/selfies/${id}`, coord.cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.width).toBe(640);

    const noReason = await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: 'reason', code: 'selfieReasonRequired' }));
    const refused = await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: false, reason: 'gesture-not-shown', note: 'Only a smile, no thumbs up' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toEqual({ id, status: 'refused' });
    // Deleted the moment it is decided.
    expect(selfieFiles()).toHaveLength(before);
    expect((await call('GET', `/objects/selfies/${id}`, coord.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true })).statusCode).toBe(404);
    const mine = await ladderOf(radha.cookie);
    expect(mine).toMatchObject({ selfie: null, selfieCheck: { status: 'refused', reason: 'gesture-not-shown' } });
    expect(JSON.stringify(mine)).not.toContain('Only a smile');

    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, radha.id));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['coordinator.view-selfie', 'coordinator.refuse-selfie']));
    expect(audit.every((entry) => entry.actorUserId === coord.id)).toBe(true);
    const list = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'coordinator.view-selfies'));
    expect(JSON.stringify(list.map((entry) => entry.details))).toContain(id);
    // Her export lists the check (never the photo or the note) and the coordinator's read of it.
    const zip = await call('GET', '/api/account/export', radha.cookie);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['account.json']!)) as { selfieChecks: unknown[]; profileViews: Array<{ action: string }> };
    expect(data.selfieChecks).toEqual([expect.objectContaining({ status: 'refused', reason: 'gesture-not-shown' })]);
    expect(JSON.stringify(data)).not.toContain('Only a smile');
    expect(data.profileViews.map((view) => view.action)).toContain('coordinator.view-selfie');
  });

  it('an undecided selfie is deleted 14 days after it was sent, by the job', async () => {
    const radha = await member();
    clock = new Date('2026-11-29T09:00:00Z');
    const before = selfieFiles().length;
    const id = await sendSelfie(radha.cookie);
    expect(selfieFiles()).toHaveLength(before + 1);
    // Not before its time.
    await runJobsDueBy(ctx, new Date(clock.getTime() + SELFIE_KEEP_MS - DAY), ['selfie-expiry']);
    expect(selfieFiles()).toHaveLength(before + 1);
    clock = new Date(clock.getTime() + SELFIE_KEEP_MS);
    await runJobsDueBy(ctx, clock, ['selfie-expiry']);
    expect(selfieFiles()).toHaveLength(before);
    const [row] = await ctx.database.db.select().from(selfieChecks).where(eq(selfieChecks.id, id));
    expect(row).toMatchObject({ status: 'expired', objectKey: null });
    expect((await ladderOf(radha.cookie)).selfieCheck).toMatchObject({ status: 'expired', at: clock.toISOString() });
    // The job written with a decided selfie finds nothing to do.
    const jobRows = await ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'selfie-expiry'));
    expect(jobRows.filter((job) => job.failedAt !== null)).toEqual([]);
  });

  it('at most 3 selfies a day per member, refused ones too', async () => {
    const radha = await member();
    const coord = await coordinator();
    for (let i = 0; i < 3; i += 1) {
      const id = await sendSelfie(radha.cookie);
      expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: false, reason: 'face-not-visible' })).statusCode).toBe(200);
    }
    expect((await call('POST', '/api/verification/selfie/gesture', radha.cookie)).statusCode).toBe(200);
    const fourth = await call('POST', '/api/verification/selfie', radha.cookie, await selfieBytes(), { 'content-type': 'image/jpeg' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ code: string }>().code).toBe('selfie-daily-limit');
  });

  it('only coordinators read the queue and the photos, never their own, never across a block; members and visitors are refused', async () => {
    const radha = await member();
    const other = await member();
    const coord = await coordinator();
    const id = await sendSelfie(radha.cookie);
    for (const [cookie, status] of [
      [radha.cookie, 403],
      [other.cookie, 403],
      [undefined, 401],
      [adminCookie, 401],
    ] as const) {
      expect((await call('GET', '/api/coordinator/selfies', cookie)).statusCode).toBe(status);
      expect((await call('GET', `/objects/selfies/${id}`, cookie)).statusCode).toBe(status);
      expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, cookie, { approve: true })).statusCode).toBe(status);
    }
    // A coordinator's own selfie is not hers to review.
    const coordMember = await member({ name: 'Govinda Coordinator', gender: 'man', dateOfBirth: '1990-02-11' });
    expect((await call('PUT', `/api/admin/users/${coordMember.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
    const own = await sendSelfie(coordMember.cookie);
    expect((await call('GET', '/api/coordinator/selfies', coordMember.cookie)).json<Array<{ id: string }>>().map((item) => item.id)).not.toContain(own);
    const self = await call('POST', `/api/coordinator/selfies/${own}/decision`, coordMember.cookie, { approve: true });
    expect(self.statusCode).toBe(403);
    expect(self.json<{ code: string }>().code).toBe('selfie-self');
    expect((await call('GET', `/objects/selfies/${own}`, coordMember.cookie)).statusCode).toBe(403);
    // Across a block: the 404 of an unknown id.
    expect((await call('GET', '/api/coordinator/selfies', coordMember.cookie)).json<Array<{ id: string }>>().map((item) => item.id)).toContain(id);
    const blocked = await call('POST', '/api/blocks', radha.cookie, { userId: coordMember.id });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    expect((await call('GET', '/api/coordinator/selfies', coordMember.cookie)).json<Array<{ id: string }>>().map((item) => item.id)).not.toContain(id);
    expect((await call('GET', `/objects/selfies/${id}`, coordMember.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coordMember.cookie, { approve: true })).statusCode).toBe(404);
    expect((await call('GET', `/objects/selfies/${id}`, coord.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/objects/selfies/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, coord.cookie)).statusCode).toBe(404);
  });

  it('deleting the account deletes a selfie still waiting', async () => {
    const radha = await member();
    const before = selfieFiles().length;
    await sendSelfie(radha.cookie);
    expect(selfieFiles()).toHaveLength(before + 1);
    expect((await call('POST', '/api/account/delete', radha.cookie, { password: radha.password })).statusCode).toBe(204);
    await settleJobs(ctx.app);
    expect(selfieFiles()).toHaveLength(before);
    expect(await ctx.database.db.select().from(selfieChecks).where(eq(selfieChecks.userId, radha.id))).toEqual([]);
  });
});

describe('coordinators filter by rung', () => {
  it('the members list and the suggestions keep only those holding the rung, as matches see it', async () => {
    const coord = await coordinator();
    const selfie = await member({ name: 'Sita Selfie' });
    const met = await member({ name: 'Sita Met' });
    const plain = await member({ name: 'Sita Plain' });
    const seeker = await member({ name: 'Gopal Seeker', gender: 'man', dateOfBirth: '1990-02-11' });
    const id = await sendSelfie(selfie.cookie);
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/coordinator/members/${met.id}/verification`, coord.cookie, { method: 'in-person', note: '' })).statusCode).toBe(201);

    const listed = async (rung: string) => {
      const answer = await call('GET', `/api/coordinator/members?filter=all&limit=100&rung=${rung}`, coord.cookie);
      expect(answer.statusCode, answer.body).toBe(200);
      return { ids: answer.json<Array<{ userId: string; rungs: Record<string, string | null> }>>().map((row) => row.userId), total: Number(answer.headers['x-total-count']) };
    };
    const bySelfie = await listed('selfie');
    expect(bySelfie.ids).toContain(selfie.id);
    expect(bySelfie.ids).not.toContain(met.id);
    expect(bySelfie.ids).not.toContain(plain.id);
    expect(bySelfie.total).toBe(bySelfie.ids.length);
    const byMeeting = await listed('metByCoordinator');
    expect(byMeeting.ids).toContain(met.id);
    expect(byMeeting.ids).not.toContain(selfie.id);
    const full = await listed('full');
    expect(full.ids).not.toEqual(expect.arrayContaining([selfie.id]));
    expect(full.ids).not.toContain(met.id);
    // A changed profile loses the meeting for the filter too.
    expect((await call('PATCH', '/api/profile', met.cookie, { photos: [met.photos[1], met.photos[0]] })).statusCode).toBe(200);
    expect((await listed('metByCoordinator')).ids).not.toContain(met.id);

    const suggestions = await call('GET', `/api/coordinator/members/${seeker.id}/suggestions?rung=selfie`, coord.cookie);
    expect(suggestions.statusCode, suggestions.body).toBe(200);
    const suggested = suggestions.json<Array<{ userId: string; rungs: { selfie: string | null } }>>();
    expect(suggested.map((item) => item.userId)).toContain(selfie.id);
    expect(suggested.every((item) => item.rungs.selfie !== null)).toBe(true);
    const all = (await call('GET', `/api/coordinator/members/${seeker.id}/suggestions`, coord.cookie)).json<Array<{ userId: string }>>();
    expect(all.map((item) => item.userId)).toEqual(expect.arrayContaining([selfie.id, plain.id]));

    for (const url of ['/api/coordinator/members?rung=passport', `/api/coordinator/members/${seeker.id}/suggestions?rung=`]) {
      const bad = await call('GET', url, coord.cookie);
      expect(bad.statusCode).toBe(400);
    }
  });
});

describe('the admin asks a member to verify again', () => {
  it('clears the selfie (and the meeting when asked), tells her in general terms, audited', async () => {
    const radha = await member();
    const coord = await coordinator();
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'in-person', note: '' })).statusCode).toBe(201);
    const id = await sendSelfie(radha.cookie);
    expect((await call('POST', `/api/coordinator/selfies/${id}/decision`, coord.cookie, { approve: true })).statusCode).toBe(200);
    expect((await ladderOf(radha.cookie)).selfie).not.toBeNull();

    expect((await call('POST', `/api/admin/users/${radha.id}/reverify`, radha.cookie, {})).statusCode).toBe(401);
    expect((await call('POST', `/api/admin/users/${radha.id}/reverify`, coord.cookie, {})).statusCode).toBe(401);
    const done = await call('POST', `/api/admin/users/${radha.id}/reverify`, adminCookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ userId: radha.id, cleared: ['selfie'] });
    expect(await ladderOf(radha.cookie)).toMatchObject({ selfie: null, metByCoordinator: expect.any(String), selfieCheck: { status: 'revoked' } });
    const notices = (await call('GET', '/api/notices', radha.cookie)).json<Array<{ kind: string }>>();
    expect(notices.map((notice) => notice.kind)).toContain('verify-again');
    // She may take a new selfie at once.
    expect((await call('POST', '/api/verification/selfie/gesture', radha.cookie)).statusCode).toBe(200);

    const both = await call('POST', `/api/admin/users/${radha.id}/reverify`, adminCookie, { rungs: ['selfie', 'metByCoordinator'] });
    expect(both.json()).toEqual({ userId: radha.id, cleared: ['metByCoordinator'] });
    expect(await ladderOf(radha.cookie)).toMatchObject({ metByCoordinator: null });
    const audit = await ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'user.reverify'), eq(adminAudit.targetId, radha.id)));
    expect(audit).toHaveLength(2);
    expect((await call('POST', `/api/admin/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/reverify`, adminCookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${radha.id}/reverify`, adminCookie, { rungs: ['email'] })).statusCode).toBe(400);
  });
});
