/**
 * Who sees what (abuse holds, and privacy that keeps its promises), through the API on a real
 * database: blocks and suspensions reach introductions, coordinators reach only the members they work with, elders
 * see only their own queue, suspended volunteers' photos leave the public path, the date of birth stays home,
 * ended introductions grant no photos, answers carry no unused fields, and staff reads are audited.
 * Each test failed on the code before its fix (docs/security.md "Reviewed findings").
 */
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import type { VolunteerProfile } from '#domain/volunteers/volunteer';
import { adminAudit, messages, volunteerApplications } from '#server/db/schema';
import { applicationBody, createProfileUser, uploadPhoto, validProfileInput } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

interface Member {
  id: string;
  cookie: string;
  photos: string[];
  input: Partial<ProfileFormValues>;
}

async function world(elderApprovals: number) {
  const ctx: TestContext = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 3, elderApprovals, responseDays: 7 } });
  const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
  const adminCookie = sessionCookie(await call('POST', '/api/admin/login', undefined, { password: 'the-admin-password' }));
  let n = 0;
  const member = async (overrides: Partial<ProfileFormValues>): Promise<Member> => {
    n += 1;
    const input = { name: `Member${n} Surname${n}`, courtshipAlignment: 'either-with-guidance' as const, ...overrides };
    const made = await createProfileUser(ctx.app, input);
    return { id: made.account.id, cookie: made.account.cookie, photos: made.photos, input };
  };
  const woman = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'woman', dateOfBirth: '1994-05-17', ...overrides });
  const man = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'man', dateOfBirth: '1990-02-11', ...overrides });
  const grant = async (userId: string, roles: { coordinator?: boolean; elder?: boolean }) => {
    expect((await call('PUT', `/api/admin/users/${userId}/roles`, adminCookie, { coordinator: false, elder: false, ...roles })).statusCode).toBe(200);
  };
  const coordinator = await signUp(ctx.app);
  await grant(coordinator.id, { coordinator: true });
  const propose = async (memberA: string, memberB: string) => {
    const response = await call('POST', '/api/introductions', coordinator.cookie, { memberA, memberB, note: 'Both sing kirtan at the temple' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; status: string }>().id;
  };
  const respond = (cookie: string, id: string, accept = true) => call('POST', `/api/introductions/${id}/respond`, cookie, { accept });
  const mine = async (cookie: string) => {
    const response = await call('GET', '/api/introductions', cookie);
    expect(response.statusCode).toBe(200);
    return { body: response.body, items: response.json<Array<{ id: string; other: Record<string, unknown> | null; note: string; awaitingMe: boolean }>>() };
  };
  const audits = (action: string) => ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, action));
  return { ctx, call, adminCookie, woman, man, grant, coordinator, propose, respond, mine, audits };
}

describe('who sees what (no elder panel)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(0);
  });
  afterAll(() => w.ctx.close());

  it('#28.2 a block reaches the introduction: a neutral card, answering refused (409), no opening message, the export and the coordinator list follow', async () => {
    const p = await w.woman({ name: 'Padmini Blockedby', exactLocation: 'Quito, Ecuador' });
    const q = await w.man({ name: 'Quentin Blocker', exactLocation: 'Lima, Peru' });
    const id = await w.propose(p.id, q.id);
    expect((await w.respond(p.cookie, id)).statusCode).toBe(200);
    // Q blocks P while the introduction awaits Q's answer.
    expect((await w.call('POST', '/api/blocks', q.cookie, { userId: p.id })).statusCode).toBe(201);

    const forP = await w.mine(p.cookie);
    expect(forP.items.find((item) => item.id === id)).toMatchObject({ other: null, note: '', awaitingMe: false });
    for (const text of ['Quentin', 'Lima', q.id, 'Both sing kirtan']) expect(forP.body).not.toContain(text);
    // The blocker sees the same neutral card and cannot answer it.
    expect((await w.mine(q.cookie)).items.find((item) => item.id === id)).toMatchObject({ other: null, awaitingMe: false });
    const answered = await w.respond(q.cookie, id);
    expect(answered.statusCode).toBe(409);
    expect(answered.json()).toEqual({ code: 'introduction-unavailable', message: 'This introduction is no longer available', errors: [] });
    expect(await w.ctx.database.db.select().from(messages).where(and(eq(messages.senderId, w.coordinator.id), eq(messages.receiverId, p.id)))).toEqual([]);

    const exported = await w.call('GET', '/api/account/export', p.cookie);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['account.json']!)) as { introductions: Array<Record<string, unknown>> };
    expect(data.introductions.find((item) => item.id === id)).toMatchObject({ otherUserId: null, available: false, note: '' });

    const listed = (await w.call('GET', '/api/coordinator/introductions', w.coordinator.cookie)).json<Array<{ id: string }>>();
    expect(listed.map((item) => item.id)).not.toContain(id);
  });

  it('#28.2 a suspension reaches the introduction: a neutral card and 409', async () => {
    const a = await w.woman();
    const b = await w.man({ name: 'Suspended Person' });
    const id = await w.propose(a.id, b.id);
    expect((await w.call('POST', `/api/admin/users/${b.id}/suspend`, w.adminCookie, { reason: 'Scam' })).statusCode).toBe(200);
    const forA = await w.mine(a.cookie);
    expect(forA.items.find((item) => item.id === id)).toMatchObject({ other: null, awaitingMe: false });
    expect(forA.body).not.toContain('Suspended');
    expect((await w.respond(a.cookie, id)).statusCode).toBe(409);
  });

  it('#28.8 a coordinator reaches only members the queue shows or who have an open introduction or request, and every photo read is audited', async () => {
    const suspended = await w.woman();
    const hidden = await w.woman();
    const blocker = await w.woman();
    const plain = await w.woman();
    const requested = await w.woman();
    const other = await w.man();
    expect((await w.call('POST', `/api/admin/users/${suspended.id}/suspend`, w.adminCookie, { reason: 'Spam' })).statusCode).toBe(200);
    expect((await w.call('PATCH', '/api/profile/toggle-active', hidden.cookie, { active: false })).statusCode).toBe(200);
    // The coordinator wrote to her; she blocks the coordinator.
    expect((await w.call('POST', '/api/messages', w.coordinator.cookie, { receiverId: blocker.id, content: 'Namaste' })).statusCode).toBe(201);
    expect((await w.call('POST', '/api/blocks', blocker.cookie, { userId: w.coordinator.id })).statusCode).toBe(201);
    // A hidden profile with an open request stays the coordinator's business.
    expect((await w.call('POST', '/api/introduction-requests', requested.cookie, { userId: other.id })).statusCode).toBe(201);
    expect((await w.call('PATCH', '/api/profile/toggle-active', requested.cookie, { active: false })).statusCode).toBe(200);

    for (const person of [suspended, hidden, blocker]) {
      expect((await w.call('GET', `/api/coordinator/members/${person.id}`, w.coordinator.cookie)).statusCode).toBe(404);
      expect((await w.call('GET', `/api/coordinator/members/${person.id}/suggestions`, w.coordinator.cookie)).statusCode).toBe(404);
      expect((await w.call('GET', person.photos[0]!, w.coordinator.cookie)).statusCode).toBe(404);
    }
    const listed = (await w.call('GET', '/api/coordinator/members?filter=all&limit=100', w.coordinator.cookie)).json<Array<{ userId: string }>>().map((m) => m.userId);
    expect(listed).not.toContain(blocker.id);

    for (const person of [plain, requested]) {
      expect((await w.call('GET', `/api/coordinator/members/${person.id}`, w.coordinator.cookie)).statusCode).toBe(200);
      expect((await w.call('GET', person.photos[0]!, w.coordinator.cookie)).statusCode).toBe(200);
    }
    const photoReads = await w.audits('coordinator.view-photo');
    expect(photoReads.filter((row) => row.actorUserId === w.coordinator.id).map((row) => row.targetId)).toEqual([plain.id, requested.id]);
  });

  it('#37.1 the date of birth leaves the server only to its owner: the coordinator and the admin get the age', async () => {
    const person = await w.woman({ name: 'Birthdate Keeper' });
    const detail = await w.call('GET', `/api/coordinator/members/${person.id}`, w.coordinator.cookie);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ profile: Record<string, unknown> }>().profile).not.toHaveProperty('dateOfBirth');
    expect(detail.json<{ profile: { age: number } }>().profile.age).toBeGreaterThan(18);
    expect(detail.body).not.toContain('1994-05-17');
    const admin = await w.call('GET', '/api/admin/user-profiles?q=Birthdate', w.adminCookie);
    expect(admin.statusCode).toBe(200);
    expect(admin.json<Array<Record<string, unknown>>>()[0]).toMatchObject({ userId: person.id, age: expect.any(Number) });
    expect(admin.body).not.toContain('dateOfBirth');
    expect(admin.body).not.toContain('1994-05-17');
    // The owner still gets it.
    expect((await w.call('GET', '/api/profile', person.cookie)).body).toContain('1994-05-17');
  });

  it('#37.3 an ended introduction grants no photos; private photos are cached a minute at most and sign-out clears the cache', async () => {
    const a = await w.woman();
    const b = await w.man();
    const id = await w.propose(a.id, b.id);
    await w.respond(a.cookie, id);
    await w.respond(b.cookie, id);
    // No longer candidates (her strict age range leaves him out): only the introduction joins them now.
    const narrowed = await w.call('POST', '/api/profile', a.cookie, validProfileInput({ ...a.input, ageFlexibility: 'strict', minAge: 18, maxAge: 20 }));
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const photo = await w.call('GET', a.photos[0]!, b.cookie);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('private, max-age=60');
    expect((await w.call('GET', `/api/user/${a.id}/info`, b.cookie)).json()).toMatchObject({ photo: a.photos[0] });

    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'ended', confirmed: true })).statusCode).toBe(200);
    expect((await w.call('GET', a.photos[0]!, b.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', `/api/user/${a.id}/info`, b.cookie)).json()).toMatchObject({ photo: null });

    const out = await w.call('POST', '/api/logout', b.cookie);
    expect(out.statusCode).toBe(204);
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });

  it('#32.3 while an introduction is open to a member, the card links to the whole profile and both photos; not before it reaches them, nor after', async () => {
    // No longer candidates once proposed (her strict range leaves him out): before, the match page was a 404 for both.
    const a = await w.woman({ name: 'Ambika Wholeprofile', aboutYou: 'I teach Sanskrit to children on Sundays and sing in the evening kirtan at our temple.' });
    const b = await w.man({ name: 'Bhima Wholeprofile', aboutYou: 'I cook for the temple feast every week and help new families find their way in the community.' });
    const stranger = await w.man(); // not a candidate of his
    const id = await w.propose(a.id, b.id);
    const narrowed = await w.call('POST', '/api/profile', a.cookie, validProfileInput({ ...a.input, ageFlexibility: 'strict', minAge: 18, maxAge: 20 }));
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const card = (await w.mine(a.cookie)).items.find((item) => item.id === id)!;
    const bProfileId = card.other!.profileId as string;
    const aProfileId = ((await w.call('GET', '/api/profile', a.cookie)).json<{ id: string }>()).id;

    // A is asked first: she reads his whole profile and both photos.
    const seen = await w.call('GET', `/api/match/${bProfileId}`, a.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ profile: { userId: b.id, aboutYou: 'I cook for the temple feast every week and help new families find their way in the community.', photos: b.photos } });
    for (const photo of b.photos) expect((await w.call('GET', photo, a.cookie)).statusCode).toBe(200);
    // B has not been asked yet, and a stranger never is: a 404 like any unknown profile.
    expect((await w.call('GET', `/api/match/${aProfileId}`, b.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', `/api/match/${bProfileId}`, stranger.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', b.photos[1]!, stranger.cookie)).statusCode).toBe(404);

    // Once she accepts, it reaches him: he reads hers.
    expect((await w.respond(a.cookie, id)).statusCode).toBe(200);
    expect((await w.call('GET', `/api/match/${aProfileId}`, b.cookie)).json()).toMatchObject({ profile: { aboutYou: 'I teach Sanskrit to children on Sundays and sing in the evening kirtan at our temple.' } });
    // He declines: closed, and neither reads the other any more.
    expect((await w.respond(b.cookie, id, false)).statusCode).toBe(200);
    expect((await w.call('GET', `/api/match/${aProfileId}`, b.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', `/api/match/${bProfileId}`, a.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', b.photos[1]!, a.cookie)).statusCode).toBe(404);
  });

  it('#37.4 the match page carries no ageFlexibility, and a sender never learns whether a message was read', async () => {
    const a = await w.woman({ ageFlexibility: 'strict', minAge: 25, maxAge: 45 });
    const b = await w.man();
    const profileId = (await w.call('GET', '/api/profile', a.cookie)).json<{ id: string }>().id;
    const page = await w.call('GET', `/api/match/${profileId}`, b.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json<{ profile: Record<string, unknown> }>().profile).not.toHaveProperty('ageFlexibility');
    const sent = await w.call('POST', '/api/messages', b.cookie, { receiverId: a.id, content: 'Hare Krishna' });
    expect(sent.json()).not.toHaveProperty('read');
    await w.call('GET', `/api/messages/${b.id}`, a.cookie);
    const thread = await w.call('GET', `/api/messages/${a.id}`, b.cookie);
    expect(thread.json<Array<Record<string, unknown>>>()[0]).not.toHaveProperty('read');
    // The receiver's own unread count still works.
    await w.call('POST', '/api/messages', b.cookie, { receiverId: a.id, content: 'Again' });
    const conversations = (await w.call('GET', '/api/conversations', a.cookie)).json<Array<{ otherUserId: string; unreadCount: number }>>();
    expect(conversations.find((c) => c.otherUserId === b.id)?.unreadCount).toBe(1);
  });

  it("#37.11 the coordinator's search text and the admin's photo reads are audited", async () => {
    const person = await w.woman();
    expect((await w.call('GET', '/api/coordinator/members?filter=all&q=Kirtan%20Town', w.coordinator.cookie)).statusCode).toBe(200);
    const searches = await w.audits('coordinator.view-members');
    expect(searches.some((row) => (row.details as { q?: string }).q === 'Kirtan Town')).toBe(true);
    expect((await w.call('GET', person.photos[0]!, w.adminCookie)).statusCode).toBe(200);
    expect((await w.audits('admin.view-photo')).map((row) => row.targetId)).toContain(person.id);
  });

  it('#28.10 suspension takes a volunteer photo off the public path, and "remove photos" covers volunteer photos', async () => {
    const approveWithPhoto = async () => {
      const volunteer = await signUp(w.ctx.app);
      const application = (await w.call('POST', '/api/volunteer-application', volunteer.cookie, applicationBody())).json<VolunteerProfile>();
      const photo = await uploadPhoto(w.ctx.app, volunteer.cookie);
      expect((await w.call('PATCH', '/api/volunteer-profile', volunteer.cookie, { photo })).statusCode).toBe(200);
      expect((await w.call('PATCH', `/api/admin/volunteer-applications/${application.id}`, w.adminCookie, { approved: true })).statusCode).toBe(200);
      expect((await w.call('GET', photo)).statusCode).toBe(200);
      return { volunteer, photo };
    };
    const suspended = await approveWithPhoto();
    expect((await w.call('POST', `/api/admin/users/${suspended.volunteer.id}/suspend`, w.adminCookie, { reason: 'Scam' })).statusCode).toBe(200);
    expect((await w.call('GET', suspended.photo)).statusCode).toBe(404);
    const someone = await signUp(w.ctx.app);
    expect((await w.call('GET', suspended.photo, someone.cookie)).statusCode).toBe(404);

    const removed = await approveWithPhoto();
    const report = await w.call('POST', '/api/reports', someone.cookie, { userId: removed.volunteer.id, reason: 'inappropriate-photo' });
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await w.call('POST', `/api/admin/reports/${report.json<{ id: string }>().id}/resolve`, w.adminCookie, { action: 'remove-photos' });
    expect(resolved.json()).toMatchObject({ photosRemoved: 1 });
    expect((await w.call('GET', removed.photo)).statusCode).toBe(404);
    expect((await w.call('GET', removed.photo, w.adminCookie)).statusCode).toBe(404);
    const [row] = await w.ctx.database.db.select({ photo: volunteerApplications.photo }).from(volunteerApplications).where(eq(volunteerApplications.userId, removed.volunteer.id));
    expect(row?.photo).toBeNull();
  });
});

describe('who sees what (elder panel)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let elder: { id: string; cookie: string };
  beforeAll(async () => {
    w = await world(2);
    elder = await signUp(w.ctx.app);
    await w.grant(elder.id, { elder: true });
  });
  afterAll(() => w.ctx.close());

  it('#28.9 / #37.2 an elder sees the introductions awaiting their review and the ones they reviewed, names as members see them; any other status is 403', async () => {
    const a = await w.woman({ name: 'Radhika Elderview Sharma' });
    const b = await w.man({ name: 'Madhav Elderview' });
    const id = await w.propose(a.id, b.id);
    const queue = await w.call('GET', '/api/elders/introductions', elder.cookie);
    expect(queue.statusCode).toBe(200);
    const shown = queue.json<Array<{ id: string; members: Array<{ name: string }> }>>().find((item) => item.id === id);
    expect(shown?.members.map((m) => m.name)).toEqual(['Radhika E.', 'Madhav E.']);
    expect(queue.body).not.toContain('Elderview Sharma');
    const audit = (await w.audits('elder.view-introductions')).at(-1);
    expect(audit?.details).toMatchObject({ introductions: [id], members: [a.id, b.id] });

    expect((await w.call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'approve' })).statusCode).toBe(200);
    expect((await w.call('GET', '/api/elders/introductions', elder.cookie)).json<Array<{ id: string }>>().map((i) => i.id)).not.toContain(id);
    const reviewed = await w.call('GET', '/api/elders/introductions?status=reviewed', elder.cookie);
    expect(reviewed.json<Array<{ id: string }>>().map((i) => i.id)).toContain(id);

    for (const status of ['married', 'introduced', 'courting', 'ended', 'declined']) {
      const refused = await w.call('GET', `/api/elders/introductions?status=${status}`, elder.cookie);
      expect(refused.statusCode, status).toBe(403);
      expect(refused.json()).toEqual({ code: 'elders-see-reviews-only', message: 'Elders see only the introductions awaiting their review and the ones they reviewed', errors: [] });
    }
  });

  it('#32.3 an elder reviews from both members\' photos and whole profile; each photo read is audited, and ends with the review', async () => {
    const a = await w.woman({ name: 'Chandra Elderphotos', dealBreakers: 'Smoking and gambling are not for me.' });
    const b = await w.man({ name: 'Devdas Elderphotos' });
    const id = await w.propose(a.id, b.id);
    const queue = (await w.call('GET', '/api/elders/introductions', elder.cookie)).json<Array<{ id: string; members: Array<{ userId: string; profile: { photos: string[]; dealBreakers: string; firstName: string } }> }>>();
    const shown = queue.find((item) => item.id === id)!;
    const first = shown.members.find((m) => m.userId === a.id)!;
    expect(first.profile).toMatchObject({ firstName: 'Chandra', dealBreakers: 'Smoking and gambling are not for me.', photos: a.photos });
    expect(JSON.stringify(shown)).not.toContain('dateOfBirth');
    // Before, an elder's read of a member's photo was a 404.
    for (const photo of [...a.photos, ...b.photos]) expect((await w.call('GET', photo, elder.cookie)).statusCode).toBe(200);
    const reads = await w.audits('elder.view-photo');
    expect(reads.filter((r) => r.actorUserId === elder.id).map((r) => r.targetId)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Another member cannot, and once reviewed the elder cannot either; the reviewed list keeps her decision, no profile.
    const outsider = await w.woman(); // not a candidate of hers
    expect((await w.call('GET', a.photos[0]!, outsider.cookie)).statusCode).toBe(404);
    expect((await w.call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'approve' })).statusCode).toBe(200);
    expect((await w.call('GET', a.photos[0]!, elder.cookie)).statusCode).toBe(404);
    const reviewed = (await w.call('GET', '/api/elders/introductions?status=reviewed', elder.cookie)).json<Array<{ id: string; members: unknown[]; reviewed: { decision: string } }>>();
    expect(reviewed.find((item) => item.id === id)).toMatchObject({ members: [], reviewed: { decision: 'approve' } });
  });

  it("#28.2 a pair that blocked each other leaves the elders' queue", async () => {
    const a = await w.woman();
    const b = await w.man();
    const id = await w.propose(a.id, b.id);
    expect((await w.call('GET', '/api/elders/introductions', elder.cookie)).json<Array<{ id: string }>>().map((i) => i.id)).toContain(id);
    expect((await w.call('POST', '/api/blocks', a.cookie, { userId: b.id })).statusCode).toBe(201);
    expect((await w.call('GET', '/api/elders/introductions', elder.cookie)).json<Array<{ id: string }>>().map((i) => i.id)).not.toContain(id);
  });
});
