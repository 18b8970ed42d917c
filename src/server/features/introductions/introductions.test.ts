/**
 * Human-led introductions, through the API on a real database: roles, proposals and their refusals,
 * limits by courtship style, the elders' panel, both answers (the second never learns of a first refusal),
 * deadlines and check-ins on an injected clock, requests, suggestions, the coordinator's lists and audit, and the
 * introductions-only messaging policy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import type { Config } from '#server/config';
import { migrationsFolder } from '#server/db/client';
import { adminAudit, blocks, jobs, messages, users } from '#server/db/schema';
import { openEventStream } from '#server/test/event-stream';
import { createProfileUser } from '#server/test/factories';
import { createCapturingMailer, createTestContext, runJobsDueBy, sessionCookie, settleJobs, signUp } from '#server/test/test-app';
import { INTRODUCTION_EXPIRY_JOB } from './introduction-deadlines';

const DAY = 24 * 60 * 60 * 1000;

interface Member {
  id: string;
  cookie: string;
  profileId: string;
}

/** A world of its own: the app on a fresh database with a clock the test moves. */
async function world(overrides: Partial<Config> = {}) {
  let clock = new Date();
  const ctx = await createTestContext({ adminPassword: 'the-admin-password', ...overrides }, { now: () => clock });
  const admin = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } });
  const adminCookie = sessionCookie(admin);
  let n = 0;
  const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
    ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
  const member = async (overrides: Partial<ProfileFormValues> = {}): Promise<Member> => {
    n += 1;
    const made = await createProfileUser(ctx.app, { name: `Member${n} Test`, ...overrides });
    return { id: made.account.id, cookie: made.account.cookie, profileId: made.profile.id };
  };
  const woman = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'woman', dateOfBirth: '1994-05-17', ...overrides });
  const man = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'man', dateOfBirth: '1990-02-11', ...overrides });
  const grant = async (userId: string, roles: { coordinator?: boolean; elder?: boolean }) => {
    const response = await call('PUT', `/api/admin/users/${userId}/roles`, adminCookie, { coordinator: false, elder: false, ...roles });
    expect(response.statusCode).toBe(200);
    return response.json<{ userId: string; roles: string[] }>();
  };
  const coordinatorAccount = async () => {
    const account = await signUp(ctx.app);
    await grant(account.id, { coordinator: true });
    return account;
  };
  const propose = (cookie: string, memberA: string, memberB: string, note = 'Both serve at the temple kitchen') =>
    call('POST', '/api/introductions', cookie, { memberA, memberB, note });
  const mine = async (cookie: string) => {
    const response = await call('GET', '/api/introductions', cookie);
    expect(response.statusCode).toBe(200);
    return response.json<Array<{ id: string; status: string; awaitingMe: boolean; followUpDue: boolean; other: { userId: string; score: number }; note: string } & Record<string, unknown>>>();
  };
  return {
    ctx,
    adminCookie,
    call,
    woman,
    man,
    grant,
    coordinatorAccount,
    propose,
    mine,
    /** Moves the app's clock on; the answers' deadlines it passed run as the worker would run them (jobs with a run time). */
    advance: async (ms: number) => {
      clock = new Date(clock.getTime() + ms);
      await runJobsDueBy(ctx, clock, [INTRODUCTION_EXPIRY_JOB.kind]);
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

describe('introductions (no elder panel)', () => {
  let w: World;
  let coordinator: { id: string; cookie: string };
  beforeAll(async () => {
    w = await world({ introductions: { maxOpen: 2, elderApprovals: 0, responseDays: 7 } });
    coordinator = await w.coordinatorAccount();
  });
  afterAll(() => w.ctx.close());

  it('the admin grants and removes roles, lists the team, and both are audited; others are refused', async () => {
    const person = await signUp(w.ctx.app);
    expect((await w.call('GET', '/api/auth/user', person.cookie)).json()).toMatchObject({ roles: [] });
    expect(await w.grant(person.id, { coordinator: true, elder: true })).toEqual({ userId: person.id, roles: ['coordinator', 'elder'] });
    expect((await w.call('GET', '/api/auth/user', person.cookie)).json()).toMatchObject({ roles: ['coordinator', 'elder'] });
    const team = await w.call('GET', '/api/admin/team', w.adminCookie);
    expect(team.json()).toEqual(expect.arrayContaining([{ userId: person.id, email: person.email, name: null, roles: ['coordinator', 'elder'] }]));
    expect(await w.grant(person.id, { elder: true })).toEqual({ userId: person.id, roles: ['elder'] });
    // A member (even a coordinator) is not the admin.
    expect((await w.call('PUT', `/api/admin/users/${person.id}/roles`, coordinator.cookie, { coordinator: true, elder: true })).statusCode).toBe(401);
    expect((await w.call('GET', '/api/admin/team', person.cookie)).statusCode).toBe(401);
    expect((await w.call('PUT', `/api/admin/users/00000000-0000-4000-8000-000000000000/roles`, w.adminCookie, { coordinator: true, elder: false })).statusCode).toBe(404);
    const audit = await w.ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'user.roles'), eq(adminAudit.targetId, person.id)));
    expect(audit).toHaveLength(2);
  });

  it('the team list takes a role, a search and a page, with its total in X-Total-Count (issue 18)', async () => {
    const tag = `team${Date.now().toString(36)}`;
    const elder = await w.woman({ name: `Vidura ${tag}` });
    const both = await w.man({ name: `Bhisma ${tag}` });
    await w.grant(elder.id, { elder: true });
    await w.grant(both.id, { coordinator: true, elder: true });
    const team = async (query: string) => {
      const response = await w.call('GET', `/api/admin/team?${query}`, w.adminCookie);
      expect(response.statusCode, response.body).toBe(200);
      return { ids: response.json<{ userId: string }[]>().map((row) => row.userId), total: Number(response.headers['x-total-count']) };
    };
    // By name (ordered by it), then by role, then one page of it.
    expect(await team(`q=${tag}`)).toEqual({ ids: [both.id, elder.id], total: 2 });
    expect(await team(`q=${tag}&status=coordinator`)).toEqual({ ids: [both.id], total: 1 });
    expect(await team(`q=${tag}&limit=1&offset=1`)).toEqual({ ids: [elder.id], total: 2 });
    const whole = await team('');
    expect(whole.total).toBe(whole.ids.length);
    expect((await w.call('GET', '/api/admin/team?status=admin', w.adminCookie)).statusCode).toBe(400);
  });

  it('walks the whole path: proposed → first accepts → second accepts → introduced, thread opened, follow-up', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const proposed = await w.propose(coordinator.cookie, a.id, b.id);
    expect(proposed.statusCode).toBe(201);
    const { id, status } = proposed.json<{ id: string; status: string }>();
    expect(status).toBe('awaiting-first');

    // The second sees nothing until the first accepts.
    expect(await w.mine(b.cookie)).toEqual([]);
    const [forA] = await w.mine(a.cookie);
    expect(forA).toMatchObject({ id, status: 'awaiting-first', awaitingMe: true, note: 'Both serve at the temple kitchen', other: { userId: b.id } });
    expect(forA!.other.score).toBeGreaterThan(0);
    expect(forA!.respondBy).toEqual(expect.any(String));
    // B cannot answer for A, and cannot even tell it exists.
    expect((await w.call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).statusCode).toBe(404);

    expect((await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).json()).toEqual({ id, status: 'awaiting-second' });
    expect((await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(409);
    const [forB] = await w.mine(b.cookie);
    expect(forB).toMatchObject({ id, status: 'awaiting-second', awaitingMe: true, other: { userId: a.id } });

    expect((await w.call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).json()).toEqual({ id, status: 'introduced' });
    expect((await w.mine(a.cookie))[0]).toMatchObject({ status: 'introduced', awaitingMe: false });

    // The coordinator's note opens each member's thread with the coordinator; the two may now write to each other.
    // It is a system message: its kind and the other's first name, no English words (each reader's web says it).
    const thread = await w.call('GET', `/api/messages/${coordinator.id}`, a.cookie);
    expect(thread.json<Array<{ content: string }>>()[0]).toMatchObject({ content: 'Both serve at the temple kitchen', system: { kind: 'introduced', name: expect.any(String) } });
    const conversations = await w.call('GET', '/api/conversations', b.cookie);
    expect(conversations.json<Array<{ otherUserId: string }>>().find((c) => c.otherUserId === coordinator.id)).toMatchObject({ lastMessage: { content: 'Both serve at the temple kitchen', system: { kind: 'introduced' } } });
    expect((await w.call('POST', '/api/messages', a.cookie, { receiverId: b.id, content: 'Hare Krishna!' })).statusCode).toBe(201);

    // Check-ins are private answers: one member's answer moves nothing; the status goes as far as both said.
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'continuing', note: 'We met at the temple' })).json()).toEqual({ id, status: 'introduced' });
    expect((await w.mine(a.cookie))[0]).toMatchObject({ status: 'introduced' });
    expect(JSON.stringify(await w.mine(a.cookie))).not.toContain('We met at the temple');
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'engaged' })).json()).toEqual({ id, status: 'courting' });
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'engaged' })).json()).toEqual({ id, status: 'engaged' });
    const stranger = await signUp(w.ctx.app);
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, stranger.cookie, { status: 'ended', confirmed: true })).statusCode).toBe(404);

    const list = await w.call('GET', `/api/coordinator/introductions?status=engaged`, coordinator.cookie);
    expect(list.json<Array<{ id: string; followUps: unknown[] }>>().find((i) => i.id === id)!.followUps).toHaveLength(3);
  });

  it('the migration turns a stored English opening into a system message, the note kept and "your match" as no name', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    expect((await w.propose(coordinator.cookie, a.id, b.id)).statusCode).toBe(201);
    // Openings as stored before migration 0019, and a member's message that only looks like one.
    const opening = 'You and Radha have both accepted the introduction. You may now write to each other.';
    const [named, unnamed, lookalike] = await w.ctx.database.db
      .insert(messages)
      .values([
        { senderId: coordinator.id, receiverId: a.id, content: `${opening}\n\nMeet at the Sunday feast.` },
        { senderId: coordinator.id, receiverId: b.id, content: 'You and your match have both accepted the introduction. You may now write to each other.' },
        { senderId: b.id, receiverId: a.id, content: opening },
      ])
      .returning();
    const migration = readFileSync(path.join(migrationsFolder, '0022_errors_system_messages.sql'), 'utf8').split('--> statement-breakpoint');
    await w.ctx.database.db.execute(sql.raw(migration.at(-1)!));
    const after = async (id: string) => (await w.ctx.database.db.select().from(messages).where(eq(messages.id, id)))[0];
    expect(await after(named!.id)).toMatchObject({ content: 'Meet at the Sunday feast.', system: { kind: 'introduced', name: 'Radha' } });
    expect(await after(unnamed!.id)).toMatchObject({ content: '', system: { kind: 'introduced', name: null } });
    expect(await after(lookalike!.id)).toMatchObject({ content: opening, system: null });
  });

  it('keeps a first refusal from the second person, and its reason for coordinators only', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    const declined = await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: false, reason: 'Not ready to relocate' });
    expect(declined.json()).toEqual({ id, status: 'declined' });
    expect(await w.mine(b.cookie)).toEqual([]);
    const forA = await w.mine(a.cookie);
    expect(JSON.stringify(forA)).not.toContain('Not ready to relocate');
    const detail = await w.call('GET', `/api/coordinator/members/${a.id}`, coordinator.cookie);
    // The coordinator sees whether the email is verified, never the address.
    expect(detail.json()).toMatchObject({ emailVerified: false });
    expect(detail.body).not.toContain('@');
    expect(detail.json<{ introductions: Array<{ id: string; reasons: { first: string | null } }> }>().introductions.find((i) => i.id === id)!.reasons.first).toBe(
      'Not ready to relocate',
    );
    // A declined pair is not proposed again.
    const again = await w.propose(coordinator.cookie, a.id, b.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'introduction-declined-before', message: 'An introduction between these two was declined', errors: [] });
  });

  it('takes reasons from the list with a decline (issue 51): coordinators read them, the other member never, her export holds her own', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    const respond = (cookie: string, body: object) => w.call('POST', `/api/introductions/${id}/respond`, cookie, body);
    // Bad reasons are a 400 on the field, and nothing changes.
    for (const [body, path, code] of [
      [{ accept: false, reasons: ['height'] }, 'reasons.0', 'declineReasonInvalid'],
      [{ accept: false, reasons: 'age' }, 'reasons', 'declineReasonInvalid'],
      [{ accept: false, reasons: ['age', 'age'] }, 'reasons', 'declineReasonRepeated'],
      [{ accept: true, reasons: ['age'] }, 'reasons', 'declineReasonsWithAccept'],
      [{ accept: false, reasons: ['other'] }, 'reason', 'declineOtherNeedsText'],
      [{ accept: false, reasons: ['other'], reason: '   ' }, 'reason', 'declineOtherNeedsText'],
    ] as const) {
      const answer = await respond(a.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path, code })] });
    }
    expect((await w.mine(a.cookie))[0]).toMatchObject({ id, status: 'awaiting-first' });
    // She accepts; he declines for distance and something else, with the words for it.
    expect((await respond(a.cookie, { accept: true })).statusCode).toBe(200);
    const declined = await respond(b.cookie, { accept: false, reasons: ['distance', 'other'], reason: 'Moving to Mayapur next year' });
    expect(declined.json()).toEqual({ id, status: 'declined' });
    // The other member's answers carry neither the reasons nor the words.
    const hers = await w.call('GET', '/api/introductions', a.cookie);
    expect(hers.body).not.toMatch(/distance|Mayapur|declineReasons/);
    // The coordinator's member page has them, for either member's page.
    for (const member of [a, b]) {
      const detail = (await w.call('GET', `/api/coordinator/members/${member.id}`, coordinator.cookie)).json<{ introductions: Array<{ id: string; declineReasons: object; reasons: object }> }>();
      expect(detail.introductions.find((i) => i.id === id)).toMatchObject({
        reasons: { first: null, second: 'Moving to Mayapur next year' },
        declineReasons: { first: [], second: ['distance', 'other'], elders: [] },
      });
    }
    // His export holds his own reasons; hers never his.
    const exported = async (cookie: string) => strFromU8(unzipSync(new Uint8Array((await w.call('GET', '/api/account/export', cookie)).rawPayload))['account.json']!);
    expect(JSON.parse(await exported(b.cookie)).introductions).toEqual([expect.objectContaining({ id, myDeclineReasons: ['distance', 'other'], myRefusalReason: 'Moving to Mayapur next year' })]);
    const herExport = await exported(a.cookie);
    expect(JSON.parse(herExport).introductions).toEqual([expect.objectContaining({ id, myDeclineReasons: [] })]);
    expect(herExport).not.toContain('Mayapur');
  });

  it('asks each member "Did you meet?" a week after both accepted; the answers reach the coordinators only (issue 51)', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const stranger = await w.woman();
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    const met = (cookie: string, body: object) => w.call('POST', `/api/introductions/${id}/met`, cookie, body);
    // Not before both accepted, and never by someone else.
    expect((await met(a.cookie, { met: 'video' })).statusCode).toBe(404);
    await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
    await w.call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
    expect((await met(stranger.cookie, { met: 'video' })).statusCode).toBe(404);
    expect((await met(coordinator.cookie, { met: 'video' })).statusCode).toBe(404);
    const asked = async (member: Member) => (await w.mine(member.cookie)).find((i) => i.id === id)!.metAsked;
    expect(await asked(a)).toBe(false);
    await w.advance(7 * DAY + 1000);
    expect(await asked(a)).toBe(true);
    expect(await asked(b)).toBe(true);
    for (const [body, path, code] of [
      [{ met: 'maybe' }, 'met', 'metInvalid'],
      [{ met: 'no', again: true }, 'again', 'metAgainWithNo'],
      [{ met: 'video', again: 'yes' }, 'again', 'metAgainInvalid'],
    ] as const) {
      const answer = await met(a.cookie, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path, code })] });
    }
    expect((await met(a.cookie, { met: 'video' })).json()).toEqual({ id, met: 'video', again: null });
    // A later answer replaces hers; he has not answered and is still asked.
    expect((await met(a.cookie, { met: 'in-person', again: true })).json()).toEqual({ id, met: 'in-person', again: true });
    expect(await asked(a)).toBe(false);
    expect(await asked(b)).toBe(true);
    // The coordinator reads it on either member's page; he never does, in any answer of his.
    const detail = (await w.call('GET', `/api/coordinator/members/${b.id}`, coordinator.cookie)).json<{ introductions: Array<{ id: string; meetings: unknown[] }> }>();
    expect(detail.introductions.find((i) => i.id === id)!.meetings).toEqual([{ userId: a.id, met: 'in-person', again: true, answeredAt: expect.any(String) }]);
    const his = await w.call('GET', '/api/introductions', b.cookie);
    expect(his.body).not.toMatch(/in-person|meetings/);
    // Her export holds her answer.
    const exported = JSON.parse(strFromU8(unzipSync(new Uint8Array((await w.call('GET', '/api/account/export', a.cookie)).rawPayload))['account.json']!)) as { introductionMeetings: unknown[] };
    expect(exported.introductionMeetings).toEqual([expect.objectContaining({ introductionId: id, met: 'in-person', again: true })]);
    // Once ended, nothing more is asked or taken.
    await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'ended', confirmed: true });
    expect(await asked(b)).toBe(false);
    expect((await met(b.cookie, { met: 'no' })).statusCode).toBe(409);
  });

  it('refuses proposals with 409 and a clear message', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const sameGender = await w.woman();
    const refusal = async (memberA: string, memberB: string, message: string | RegExp, cookie = coordinator.cookie) => {
      const response = await w.propose(cookie, memberA, memberB);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(message);
    };
    await refusal(a.id, sameGender.id, 'These two are not match candidates of each other');
    // A coordinator who is one of the two.
    const coordinatingMember = await w.man({ courtshipAlignment: 'either-with-guidance' });
    await w.grant(coordinatingMember.id, { coordinator: true });
    await refusal(a.id, coordinatingMember.id, 'A coordinator cannot propose an introduction of their own', coordinatingMember.cookie);
    // Open already.
    expect((await w.propose(coordinator.cookie, a.id, b.id)).statusCode).toBe(201);
    await refusal(b.id, a.id, 'An introduction between these two is already open');
    // Blocked (either way), and suspended.
    const c = await w.man({ courtshipAlignment: 'either-with-guidance' });
    await w.ctx.database.db.insert(blocks).values({ blockerId: c.id, blockedId: a.id });
    await refusal(a.id, c.id, 'One of the two has blocked the other');
    const d = await w.man({ courtshipAlignment: 'either-with-guidance' });
    await w.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, d.id));
    await refusal(a.id, d.id, 'One of the two members is suspended');
    // Unknown member: 404.
    expect((await w.propose(coordinator.cookie, a.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('limits open introductions by courtship style: one-to-one one at a time, otherwise MAX_OPEN_INTRODUCTIONS', async () => {
    const oneToOne = await w.woman({ courtshipAlignment: 'one-to-one-essential' });
    const rotational = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const men = [await w.man({ courtshipAlignment: 'either-with-guidance' }), await w.man({ courtshipAlignment: 'either-with-guidance' }), await w.man({ courtshipAlignment: 'either-with-guidance' })];
    expect((await w.propose(coordinator.cookie, oneToOne.id, men[0]!.id)).statusCode).toBe(201);
    const second = await w.propose(coordinator.cookie, men[1]!.id, oneToOne.id);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toMatch(/already has an open introduction \(one-to-one courtship\)/);
    // The code and which of the two (the web names them itself, in the reader's language).
    expect(second.json()).toMatchObject({ code: 'member-in-open-introduction', errors: [{ path: 'memberB', code: 'invalid' }] });
    // maxOpen is 2 in this world.
    expect((await w.propose(coordinator.cookie, rotational.id, men[1]!.id)).statusCode).toBe(201);
    expect((await w.propose(coordinator.cookie, rotational.id, men[2]!.id)).statusCode).toBe(201);
    const third = await w.propose(coordinator.cookie, rotational.id, men[0]!.id);
    expect(third.statusCode).toBe(409);
    expect(third.json<{ message: string }>().message).toMatch(/already has 2 open introductions/);
    expect(third.json()).toMatchObject({ code: 'member-introduction-limit', errors: [{ path: 'memberA', code: 'invalid' }] });
    // A cancelled introduction frees the place; cancelling needs a coordinator and an unanswered introduction.
    const open = (await w.call('GET', `/api/coordinator/members/${oneToOne.id}`, coordinator.cookie)).json<{ introductions: Array<{ id: string }> }>();
    const id = open.introductions[0]!.id;
    expect((await w.call('POST', `/api/introductions/${id}/cancel`, oneToOne.cookie, { note: 'x' })).statusCode).toBe(403);
    expect((await w.call('POST', `/api/introductions/${id}/cancel`, coordinator.cookie, { note: 'Travelling' })).json()).toEqual({ id, status: 'cancelled' });
    expect((await w.call('POST', `/api/introductions/${id}/cancel`, coordinator.cookie, { note: 'again' })).statusCode).toBe(409);
    expect((await w.propose(coordinator.cookie, men[1]!.id, oneToOne.id)).statusCode).toBe(201);
  });

  it('expires an unanswered introduction after INTRODUCTION_RESPONSE_DAYS, and check-ins fall due at 7 and 30 days', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const c = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const late = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>().id;
    const onTime = (await w.propose(coordinator.cookie, a.id, c.id)).json<{ id: string }>().id;
    await w.advance(6 * DAY);
    expect((await w.call('POST', `/api/introductions/${onTime}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
    await w.advance(1 * DAY + 60_000);
    // Seven days passed for the first: its deadline's job expired it; the second's own seven days have just begun.
    expect((await w.mine(a.cookie)).find((i) => i.id === late)!.status).toBe('expired');
    expect((await w.call('POST', `/api/introductions/${late}/respond`, a.cookie, { accept: true })).statusCode).toBe(409);
    expect((await w.call('POST', `/api/introductions/${onTime}/respond`, c.cookie, { accept: true })).json()).toMatchObject({ status: 'introduced' });

    const due = async () =>
      (await w.call('GET', '/api/coordinator/introductions?status=follow-up-due', coordinator.cookie)).json<Array<{ id: string }>>().some((i) => i.id === onTime);
    const dueFor = async (m: Member) => (await w.mine(m.cookie)).find((i) => i.id === onTime)!.followUpDue;
    expect(await due()).toBe(false);
    await w.advance(7 * DAY);
    expect(await due()).toBe(true);
    expect(await dueFor(a)).toBe(true);
    expect((await w.call('POST', `/api/introductions/${onTime}/follow-up`, a.cookie, { status: 'continuing' })).statusCode).toBe(200);
    expect(await dueFor(a)).toBe(false);
    expect(await dueFor(c)).toBe(true);
    expect(await due()).toBe(true);
    await w.call('POST', `/api/introductions/${onTime}/follow-up`, c.cookie, { status: 'continuing' });
    expect(await due()).toBe(false);
    await w.advance(23 * DAY);
    expect(await dueFor(a)).toBe(true);
    expect(await due()).toBe(true);
    const overview = (await w.call('GET', '/api/coordinator/overview', coordinator.cookie)).json<{ followUpsDue: number; outcomes: { courting: number } }>();
    expect(overview.followUpsDue).toBeGreaterThanOrEqual(1);
    expect(overview.outcomes.courting).toBeGreaterThanOrEqual(1);
  });

  it('takes requests from a match page without telling the other; ten a day', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance', exactLocation: 'Requestville, Oregon, USA' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const made = await w.call('POST', '/api/introduction-requests', a.cookie, { userId: b.id, note: 'We met at Janmashtami' });
    expect(made.statusCode).toBe(201);
    expect(await w.mine(b.cookie)).toEqual([]);
    const queue = await w.call('GET', '/api/coordinator/members?filter=requested&q=requestville', coordinator.cookie);
    expect(queue.headers['x-total-count']).toBe('1');
    expect(queue.json()).toEqual([expect.objectContaining({ userId: a.id, pendingRequests: 1, openIntroductions: 0 })]);
    const detail = (await w.call('GET', `/api/coordinator/members/${a.id}`, coordinator.cookie)).json<{ requests: Array<{ note: string; other: { userId: string } }> }>();
    expect(detail.requests).toEqual([expect.objectContaining({ note: 'We met at Janmashtami', other: { userId: b.id, name: expect.any(String) } })]);
    // Someone the caller may not see (same gender: no candidate) is unknown.
    const notCandidate = await w.woman();
    expect((await w.call('POST', '/api/introduction-requests', a.cookie, { userId: notCandidate.id })).statusCode).toBe(404);
    // Proposing the pair handles the request.
    expect((await w.propose(coordinator.cookie, b.id, a.id)).statusCode).toBe(201);
    expect((await w.call('GET', '/api/coordinator/members?filter=requested&q=requestville', coordinator.cookie)).json()).toEqual([]);
    // The daily limit (one request above, nine more pass, the eleventh is refused).
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await w.call('POST', '/api/introduction-requests', a.cookie, { userId: b.id })).statusCode);
    // The refused request above counted too: 1 + 1 + 8 make ten.
    expect(statuses).toEqual([...Array<number>(8).fill(201), 429, 429]);
  });

  it('suggests candidates by the match score, leaving out blocked, declined and full people', async () => {
    const seeker = await w.woman({ courtshipAlignment: 'either-with-guidance', dateOfBirth: '1993-01-01' });
    const fine = await w.man({ courtshipAlignment: 'either-with-guidance', name: 'Fine Candidate' });
    const blocker = await w.man({ courtshipAlignment: 'either-with-guidance', name: 'Blocking Candidate' });
    const full = await w.man({ courtshipAlignment: 'one-to-one-essential', name: 'Full Candidate' });
    const decliner = await w.man({ courtshipAlignment: 'either-with-guidance', name: 'Declined Candidate' });
    await w.ctx.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: seeker.id });
    const other = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    expect((await w.propose(coordinator.cookie, full.id, other.id)).statusCode).toBe(201);
    const declined = (await w.propose(coordinator.cookie, seeker.id, decliner.id)).json<{ id: string }>().id;
    await w.call('POST', `/api/introductions/${declined}/respond`, seeker.cookie, { accept: false });

    const response = await w.call('GET', `/api/coordinator/members/${seeker.id}/suggestions?limit=50`, coordinator.cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<{ userId: string; score: number; location: string }>>();
    const ids = list.map((s) => s.userId);
    expect(ids).toContain(fine.id);
    expect(ids).not.toContain(blocker.id);
    expect(ids).not.toContain(full.id);
    expect(ids).not.toContain(decliner.id);
    expect(list.map((s) => s.score)).toEqual([...list.map((s) => s.score)].sort((x, y) => y - x));
    // The same scores as the member's own match list.
    const matches = (await w.call('GET', '/api/matches?limit=100', seeker.cookie)).json<Array<{ profileId: string; score: number }>>();
    expect(list.find((s) => s.userId === fine.id)!.score).toBe(matches.find((m) => m.profileId === fine.profileId)!.score);
    // Every view of a member is audited with the coordinator behind it.
    const audit = await w.ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'coordinator.view-suggestions'), eq(adminAudit.targetId, seeker.id)));
    expect(audit).toEqual([expect.objectContaining({ actorUserId: coordinator.id })]);
  });

  it('never suggests nor introduces someone a member reported, and flags candidates with open reports (issue 31)', async () => {
    // Fails without the fix: the reported person was suggested to the reporter.
    const seeker = await w.woman({ courtshipAlignment: 'either-with-guidance', dateOfBirth: '1992-01-01' });
    const reported = await w.man({ courtshipAlignment: 'either-with-guidance', name: 'Reported Candidate' });
    const flagged = await w.man({ courtshipAlignment: 'either-with-guidance', name: 'Flagged Candidate' });
    const reporter = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    expect((await w.call('POST', '/api/reports', seeker.cookie, { userId: reported.id, reason: 'harassment' })).statusCode).toBe(201);
    expect((await w.call('POST', '/api/reports', reporter.cookie, { userId: flagged.id, reason: 'fake-profile' })).statusCode).toBe(201);

    const list = (await w.call('GET', `/api/coordinator/members/${seeker.id}/suggestions?limit=50`, coordinator.cookie)).json<Array<{ userId: string; openReports: number }>>();
    expect(list.map((s) => s.userId)).not.toContain(reported.id);
    expect(list.find((s) => s.userId === flagged.id)).toMatchObject({ openReports: 1 });
    expect(list.filter((s) => s.userId !== flagged.id).every((s) => s.openReports === 0)).toBe(true);
    // Nor the other way round: the reported man is not suggested the woman who reported him.
    const back = (await w.call('GET', `/api/coordinator/members/${reported.id}/suggestions?limit=50`, coordinator.cookie)).json<Array<{ userId: string }>>();
    expect(back.map((s) => s.userId)).not.toContain(seeker.id);
    const refused = await w.propose(coordinator.cookie, reported.id, seeker.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'member-reported', message: 'One of the two has reported the other' });
  });

  it('holds the one-to-one limit when proposals for the same member arrive at once', async () => {
    const oneToOne = await w.woman({ courtshipAlignment: 'one-to-one-essential' });
    const men: Member[] = [];
    for (let i = 0; i < 4; i += 1) men.push(await w.man({ courtshipAlignment: 'either-with-guidance' }));
    const answers = await Promise.all(men.map((man) => w.propose(coordinator.cookie, oneToOne.id, man.id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('tells both members on their event streams when an introduction reaches them or changes', async () => {
    await w.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.ctx.app.server.address() as { port: number };
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const streamA = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: a.cookie });
    const streamB = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: b.cookie });
    try {
      const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
      const asked = await streamA.waitFor((event) => event.event === 'introduction');
      expect(JSON.parse(asked.data!)).toEqual({ id, status: 'awaiting-first' });
      expect(asked.id).toBeUndefined();
      await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
      const reached = await streamB.waitFor((event) => event.event === 'introduction');
      expect(JSON.parse(reached.data!)).toEqual({ id, status: 'awaiting-second' });
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('refuses coordinator routes to members (403) and visitors (401), and lets coordinators see member photos', async () => {
    const a = await w.woman();
    const member = await w.man({ dateOfBirth: '1950-01-01', minAge: 60, maxAge: 80, ageFlexibility: 'strict' });
    for (const url of ['/api/coordinator/members', `/api/coordinator/members/${a.id}`, `/api/coordinator/members/${a.id}/suggestions`, '/api/coordinator/introductions', '/api/coordinator/overview']) {
      expect((await w.call('GET', url, member.cookie)).statusCode, url).toBe(403);
      expect((await w.call('GET', url)).statusCode, url).toBe(401);
    }
    expect((await w.call('GET', '/api/elders/introductions', coordinator.cookie)).statusCode).toBe(403);
    const photos = (await w.call('GET', `/api/coordinator/members/${a.id}`, coordinator.cookie)).json<{ photos: string[] }>().photos;
    expect((await w.call('GET', photos[0]!, coordinator.cookie)).statusCode).toBe(200);
    expect((await w.call('GET', photos[0]!, member.cookie)).statusCode).toBe(404);
    const waiting = await w.call('GET', '/api/coordinator/members?filter=waiting&limit=5', coordinator.cookie);
    expect(waiting.statusCode).toBe(200);
    expect(Number(waiting.headers['x-total-count'])).toBeGreaterThan(0);
  });
});

describe('the elders panel (ELDER_APPROVALS=2)', () => {
  let w: World;
  let coordinator: { id: string; cookie: string };
  let elders: Member[];
  beforeAll(async () => {
    w = await world({ introductions: { maxOpen: 3, elderApprovals: 2, responseDays: 7 } });
    coordinator = await w.coordinatorAccount();
    elders = [];
    for (let i = 0; i < 3; i += 1) {
      const elder = await signUp(w.ctx.app);
      await w.grant(elder.id, { elder: true });
      elders.push({ id: elder.id, cookie: elder.cookie, profileId: '' });
    }
  });
  afterAll(() => w.ctx.close());

  it('starts in awaiting-elders, unseen by the members, and moves on after the required approvals', async () => {
    const a = await w.woman();
    const b = await w.man();
    const made = (await w.propose(coordinator.cookie, a.id, b.id, 'Same sanga, same city')).json<{ id: string; status: string }>();
    expect(made.status).toBe('awaiting-elders');
    expect(await w.mine(a.cookie)).toEqual([]);
    const queue = (await w.call('GET', '/api/elders/introductions?status=awaiting-elders', elders[0]!.cookie)).json<Array<{ id: string; note: string; members: unknown[] }>>();
    expect(queue.find((i) => i.id === made.id)).toMatchObject({ note: 'Same sanga, same city', members: [expect.objectContaining({ userId: a.id }), expect.objectContaining({ userId: b.id })] });
    // A member is not an elder.
    expect((await w.call('POST', `/api/introductions/${made.id}/review`, a.cookie, { decision: 'approve' })).statusCode).toBe(403);
    expect((await w.call('POST', `/api/introductions/${made.id}/review`, elders[0]!.cookie, { decision: 'approve', note: 'Good match' })).json()).toEqual({ id: made.id, status: 'awaiting-elders' });
    expect((await w.call('POST', `/api/introductions/${made.id}/review`, elders[0]!.cookie, { decision: 'approve' })).statusCode).toBe(409);
    expect(await w.mine(a.cookie)).toEqual([]);
    expect((await w.call('POST', `/api/introductions/${made.id}/review`, elders[1]!.cookie, { decision: 'approve' })).json()).toEqual({ id: made.id, status: 'awaiting-first' });
    expect((await w.mine(a.cookie))[0]).toMatchObject({ id: made.id, status: 'awaiting-first', awaitingMe: true });
    expect((await w.call('POST', `/api/introductions/${made.id}/review`, elders[2]!.cookie, { decision: 'approve' })).statusCode).toBe(409);
  });

  it('names a coordinator without a profile by the account name, in the elders’ queue and on the members’ cards', async () => {
    // The coordinator of this panel has no profile: before the account name, "Proposed by —".
    expect((await w.call('PUT', '/api/account/name', coordinator.cookie, { firstName: 'Carla', lastName: 'Coordinadora' })).statusCode).toBe(200);
    const a = await w.woman();
    const b = await w.man();
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    const queue = (await w.call('GET', '/api/elders/introductions?status=awaiting-elders', elders[0]!.cookie)).json<Array<{ id: string; coordinator: { name: string | null } }>>();
    expect(queue.find((i) => i.id === id)?.coordinator.name).toBe('Carla Coordinadora');
    await w.call('POST', `/api/introductions/${id}/review`, elders[0]!.cookie, { decision: 'approve' });
    await w.call('POST', `/api/introductions/${id}/review`, elders[1]!.cookie, { decision: 'approve' });
    expect((await w.mine(a.cookie)).find((i: { id: string }) => i.id === id)).toMatchObject({ coordinator: { userId: coordinator.id, name: 'Carla' } });
  });

  it('one decline ends it as declined-by-elders, and the members never hear of it', async () => {
    const a = await w.woman();
    const b = await w.man();
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    await w.call('POST', `/api/introductions/${id}/review`, elders[0]!.cookie, { decision: 'approve' });
    // An approval takes no reasons; "other" needs the note (issue 51).
    const approving = await w.call('POST', `/api/introductions/${id}/review`, elders[2]!.cookie, { decision: 'approve', reasons: ['age'] });
    expect(approving.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path: 'reasons', code: 'declineReasonsWithAccept' })] });
    const bare = await w.call('POST', `/api/introductions/${id}/review`, elders[1]!.cookie, { decision: 'decline', reasons: ['other'] });
    expect(bare.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path: 'note', code: 'declineOtherNeedsText' })] });
    expect((await w.call('POST', `/api/introductions/${id}/review`, elders[1]!.cookie, { decision: 'decline', note: 'Too soon', reasons: ['not-ready', 'family'] })).json()).toEqual({ id, status: 'declined-by-elders' });
    expect(await w.mine(a.cookie)).toEqual([]);
    expect(await w.mine(b.cookie)).toEqual([]);
    const detail = (await w.call('GET', `/api/coordinator/members/${a.id}`, coordinator.cookie)).json<{ introductions: Array<{ id: string; declineReasons: object }> }>();
    expect(detail.introductions.find((i) => i.id === id)).toMatchObject({ declineReasons: { first: [], second: [], elders: ['not-ready', 'family'] } });
  });

  it('an elder sees the live profiles only while awaiting her review; what she reviewed shows her decision and the first names as they were', async () => {
    // Fails when the reviewed list kept both members' live name, age, place and profile.
    const a = await w.woman({ name: 'Lalita Sundari', exactLocation: 'Vrindavan, Uttar Pradesh, India' });
    const b = await w.man({ name: 'Madhava Dasa' });
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id, 'Both sing kirtan')).json<{ id: string }>();
    const awaiting = (await w.call('GET', '/api/elders/introductions?status=awaiting-elders', elders[2]!.cookie)).json<Array<{ id: string; reviewed: unknown; members: Array<{ userId: string; location: string }> }>>();
    expect(awaiting.find((item) => item.id === id)).toMatchObject({ reviewed: null, members: [{ userId: a.id, location: 'Vrindavan, Uttar Pradesh, India' }, { userId: b.id }] });
    expect((await w.call('POST', `/api/introductions/${id}/review`, elders[2]!.cookie, { decision: 'approve', note: 'A kind pair' })).statusCode).toBe(200);
    await w.ctx.database.db.execute(sql`update profiles set name = 'Radhika Sundari' where user_id = ${a.id}::uuid`);
    const reviewed = await w.call('GET', '/api/elders/introductions?status=reviewed', elders[2]!.cookie);
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json<Array<{ id: string }>>().find((item) => item.id === id)).toMatchObject({
      note: 'Both sing kirtan',
      members: [],
      reviewed: { decision: 'approve', note: 'A kind pair', decidedAt: expect.any(String), memberFirstNames: ['Lalita', 'Madhava'] },
    });
    for (const live of ['Vrindavan', 'Radhika', a.id, b.id]) expect(reviewed.body).not.toContain(live);
  });

  it('an elder cannot review an introduction they proposed or are part of', async () => {
    const elderMember = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    await w.grant(elderMember.id, { elder: true, coordinator: true });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const c = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const own = (await w.propose(coordinator.cookie, elderMember.id, b.id)).json<{ id: string }>().id;
    const proposedByThem = (await w.propose(elderMember.cookie, c.id, b.id)).json<{ id: string }>().id;
    for (const id of [own, proposedByThem]) {
      const response = await w.call('POST', `/api/introductions/${id}/review`, elderMember.cookie, { decision: 'approve' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'review-own-introduction', message: 'You cannot review an introduction you proposed or are part of', errors: [] });
    }
    const queue = (await w.call('GET', '/api/elders/introductions', elderMember.cookie)).json<Array<{ id: string }>>().map((i) => i.id);
    expect(queue).not.toContain(own);
    expect(queue).not.toContain(proposedByThem);
  });
});

describe('DIRECT_MESSAGES=introductions-only', () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ directMessages: 'introductions-only' });
  });
  afterAll(() => w.ctx.close());

  it('lets members write to coordinators, people they were introduced to and whoever wrote first; other candidates get the same 403', async () => {
    const coordinator = await w.coordinatorAccount();
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const c = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const send = (from: Member, to: string) => w.call('POST', '/api/messages', from.cookie, { receiverId: to, content: 'Namaste' });
    const refused = await send(a, b.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'message-refused', message: 'You cannot send messages to this person', errors: [] });
    expect((await w.call('GET', `/api/user/${b.id}/info`, a.cookie)).json()).toMatchObject({ mayWrite: false });
    expect((await send(a, coordinator.id)).statusCode).toBe(201);
    // The coordinator writes first to c: c may reply.
    expect((await w.call('POST', '/api/messages', coordinator.cookie, { receiverId: c.id, content: 'How are you?' })).statusCode).toBe(201);
    expect((await send(c, coordinator.id)).statusCode).toBe(201);
    // Introduced: the two may write to each other.
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
    expect((await send(a, b.id)).statusCode).toBe(403);
    await w.call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
    expect((await send(a, b.id)).statusCode).toBe(201);
    expect((await send(b, a.id)).statusCode).toBe(201);
    expect((await send(a, c.id)).statusCode).toBe(403);
  });
});

describe('an introduction that ended or was declined closes contact in every mode (issue 46.1), and says who closed it (46.12)', () => {
  // The default mode, DIRECT_MESSAGES=open: match candidates write to each other without any introduction.
  let w: World;
  let coordinator: { id: string; cookie: string };
  beforeAll(async () => {
    w = await world({ introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } });
    coordinator = await w.coordinatorAccount();
  });
  afterAll(() => w.ctx.close());

  const send = (from: Member, to: { id: string }, content = 'Why did you end it?') => w.call('POST', '/api/messages', from.cookie, { receiverId: to.id, content });
  const info = async (from: Member, to: Member) => (await w.call('GET', `/api/user/${to.id}/info`, from.cookie)).json<{ mayWrite: boolean; mayNotWriteReason: string | null }>();
  const respond = (member: Member, id: string, accept: boolean) => w.call('POST', `/api/introductions/${id}/respond`, member.cookie, { accept });
  const closedBy = async (member: Member, id: string) => (await w.mine(member.cookie)).find((i) => i.id === id)!.closedBy;
  async function candidates() {
    return { a: await w.woman({ courtshipAlignment: 'either-with-guidance' }), b: await w.man({ courtshipAlignment: 'either-with-guidance' }) };
  }
  async function introduced(a: Member, b: Member) {
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    expect((await respond(a, id, true)).statusCode).toBe(200);
    expect((await respond(b, id, true)).statusCode).toBe(200);
    return id;
  }
  const closedAnswer = { code: 'introduction-closed', message: 'Your introduction has ended or was declined, so you cannot write to each other any more', errors: [] };

  it('a member ends it: neither may write to the other (403 introduction-closed), both read why; coordinators are still written to', async () => {
    const { a, b } = await candidates();
    // Open mode: they wrote before any introduction.
    expect((await send(a, b, 'Namaste')).statusCode).toBe(201);
    expect((await send(b, a, 'Hari bol')).statusCode).toBe(201);
    const id = await introduced(a, b);
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'ended', confirmed: true })).json()).toEqual({ id, status: 'ended' });
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await send(from, to);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(closedAnswer);
      expect(await info(from, to)).toMatchObject({ mayWrite: false, mayNotWriteReason: 'introduction-closed' });
      expect((await send(from, coordinator)).statusCode).toBe(201);
    }
    // The coordinator may still write to both; the history stays.
    expect((await send(coordinator as Member, a, 'How are you?')).statusCode).toBe(201);
    expect((await w.call('GET', `/api/messages/${b.id}`, a.cookie)).json<Array<{ content: string }>>().map((m) => m.content)).toEqual(['Namaste', 'Hari bol']);
    // Who ended it: the one who did reads "you", the other reads the other's name (the card's `other`).
    expect(await closedBy(b, id)).toBe('me');
    expect(await closedBy(a, id)).toBe('other');
  });

  it('a coordinator ends it: closed for both, and both read that a coordinator ended it', async () => {
    const { a, b } = await candidates();
    const id = await introduced(a, b);
    expect((await w.call('POST', `/api/introductions/${id}/end`, coordinator.cookie, {})).statusCode).toBe(200);
    expect((await send(a, b)).json()).toEqual(closedAnswer);
    expect(await closedBy(a, id)).toBe('coordinator');
    expect(await closedBy(b, id)).toBe('coordinator');
  });

  it('a decline closes it too: the second member’s decline for both; the first’s for the one it reached, the other refused without a reason', async () => {
    const second = await candidates();
    const { id } = (await w.propose(coordinator.cookie, second.a.id, second.b.id)).json<{ id: string }>();
    expect((await respond(second.a, id, true)).statusCode).toBe(200);
    expect((await respond(second.b, id, false)).json()).toEqual({ id, status: 'declined' });
    expect((await send(second.a, second.b)).json()).toEqual(closedAnswer);
    expect((await send(second.b, second.a)).json()).toEqual(closedAnswer);
    expect(await closedBy(second.a, id)).toBe('other');
    expect(await closedBy(second.b, id)).toBe('me');

    const first = await candidates();
    const { id: declined } = (await w.propose(coordinator.cookie, first.a.id, first.b.id)).json<{ id: string }>();
    expect((await respond(first.a, declined, false)).statusCode).toBe(200);
    expect((await send(first.a, first.b)).json()).toEqual(closedAnswer);
    // B was never asked: the refusal is the one anybody gets, so it tells B nothing of A's decline.
    const refused = await send(first.b, first.a);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'message-refused' });
    expect(await info(first.b, first.a)).toMatchObject({ mayWrite: false, mayNotWriteReason: 'not-allowed' });
  });

  it('the coordinator’s notices name each ended pair, members’ notices name nobody; the queue tells who asked from who was asked about (46.14)', async () => {
    const own = await w.coordinatorAccount();
    const a = await w.woman({ name: 'Lalita Banner', courtshipAlignment: 'either-with-guidance', exactLocation: 'Askerton, Oregon, USA' });
    const b = await w.man({ name: 'Keshava Banner', courtshipAlignment: 'either-with-guidance', exactLocation: 'Askedabout, Oregon, USA' });
    const { id } = (await w.propose(own.cookie, a.id, b.id)).json<{ id: string }>();
    await respond(a, id, true);
    await respond(b, id, true);
    await w.call('POST', `/api/introductions/${id}/end`, a.cookie, {});
    const notices = (await w.call('GET', '/api/notices', own.cookie)).json();
    expect(notices).toEqual([{ id: expect.any(String), kind: 'coordinated-introduction-ended', createdAt: expect.any(String), introduction: { memberA: 'Lalita', memberB: 'Keshava' } }]);
    expect((await w.call('GET', '/api/notices', b.cookie)).json()).toEqual([expect.objectContaining({ kind: 'introduction-closed', introduction: null })]);

    expect((await w.call('POST', '/api/introduction-requests', a.cookie, { userId: b.id })).statusCode).toBe(201);
    const row = async (q: string) => (await w.call('GET', `/api/coordinator/members?filter=requested&q=${q}`, own.cookie)).json<Array<Record<string, unknown>>>()[0];
    expect(await row('askerton')).toMatchObject({ pendingRequests: 1, requestsMade: 1, requestsAbout: 0 });
    expect(await row('askedabout')).toMatchObject({ pendingRequests: 1, requestsMade: 0, requestsAbout: 1 });
  });

  it('an expiry or a withdrawal closes nothing; a new introduction both accept opens the thread again, until it ends', async () => {
    const { a, b } = await candidates();
    const { id: withdrawn } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    expect((await w.call('POST', `/api/introductions/${withdrawn}/cancel`, coordinator.cookie, {})).statusCode).toBe(200);
    expect((await send(a, b, 'Still open')).statusCode).toBe(201);

    const first = await introduced(a, b);
    await w.call('POST', `/api/introductions/${first}/end`, a.cookie, {});
    expect((await send(b, a)).statusCode).toBe(403);
    // A new proposal is not enough: the thread opens once both accept it.
    const { id: again } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    expect((await send(b, a)).statusCode).toBe(403);
    expect((await respond(a, again, true)).statusCode).toBe(200);
    expect((await send(b, a)).statusCode).toBe(403);
    expect((await respond(b, again, true)).statusCode).toBe(200);
    expect((await send(b, a, 'Glad to meet again')).statusCode).toBe(201);
    expect(await info(a, b)).toMatchObject({ mayWrite: true, mayNotWriteReason: null });
    await w.call('POST', `/api/introductions/${again}/end`, coordinator.cookie, {});
    expect((await send(a, b)).statusCode).toBe(403);
  });
});

describe('introduction mails (through the outbox)', () => {
  /** A fresh app with a coordinator and two members who are candidates of each other (her name first). */
  async function pairWithCoordinator(names: [string, string], mailer?: ReturnType<typeof createCapturingMailer>) {
    const ctx = await createTestContext({ adminPassword: 'the-admin-password' }, mailer ? { mailer } : {});
    const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
      ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
    const adminCookie = sessionCookie(await call('POST', '/api/admin/login', undefined, { password: 'the-admin-password' }));
    const coordinator = await signUp(ctx.app);
    expect((await call('PUT', `/api/admin/users/${coordinator.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
    const a = await createProfileUser(ctx.app, { name: names[0], gender: 'woman', dateOfBirth: '1994-05-17', courtshipAlignment: 'either-with-guidance' });
    const b = await createProfileUser(ctx.app, { name: names[1], gender: 'man', dateOfBirth: '1990-02-11', courtshipAlignment: 'either-with-guidance' });
    return { ctx, call, coordinator, a, b };
  }

  it('tells the person asked, then both once introduced, in their language, naming nobody, with one-click unsubscribe; a member who switched them off gets none', async () => {
    const mailer = createCapturingMailer();
    const { ctx, call, coordinator, a, b } = await pairWithCoordinator(['Radha Mailtest', 'Govinda Mailtest'], mailer);
    try {
      expect((await call('PUT', '/api/account/preferences', a.account.cookie, { language: 'es', notifyMessages: true, notifyIntroductions: true })).statusCode).toBe(200);
      await settleJobs(ctx.app);
      mailer.sent.length = 0;

      const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.account.id, memberB: b.account.id, note: 'Both sing kirtan' });
      expect(proposed.statusCode).toBe(201);
      const { id } = proposed.json<{ id: string }>();
      await settleJobs(ctx.app);
      expect(mailer.sent.map((mail) => mail.to)).toEqual([a.account.email]);
      const asked = mailer.sent[0]!;
      expect(asked.subject).toBe('La coordinación te propone una presentación');
      expect(asked.text).toContain('/introductions');
      expect(asked.text).not.toContain('Govinda');
      expect(asked.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

      // B switches introduction mails off: after A accepts, B is asked on the site but gets no mail.
      expect((await call('PUT', '/api/account/preferences', b.account.cookie, { language: 'en', notifyMessages: true, notifyIntroductions: false })).statusCode).toBe(200);
      mailer.sent.length = 0;
      expect((await call('POST', `/api/introductions/${id}/respond`, a.account.cookie, { accept: true })).statusCode).toBe(200);
      await settleJobs(ctx.app);
      expect(mailer.sent).toEqual([]);

      expect((await call('POST', `/api/introductions/${id}/respond`, b.account.cookie, { accept: true })).statusCode).toBe(200);
      await settleJobs(ctx.app);
      const introduced = mailer.sent.filter((mail) => mail.subject === 'Tu presentación está confirmada' || mail.subject === 'Your introduction is confirmed');
      expect(introduced.map((mail) => mail.to)).toEqual([a.account.email]);
    } finally {
      await ctx.close();
    }
  });

  it('ends with a deleted account: the other person gets a neutral notice, and the export lists what reached the member', async () => {
    const { ctx, call, coordinator, a, b } = await pairWithCoordinator(['Sita Leaving', 'Rama Staying']);
    try {
      const { id } = (await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.account.id, memberB: b.account.id, note: 'Kirtan' })).json<{ id: string }>();
      expect((await call('POST', `/api/introductions/${id}/respond`, a.account.cookie, { accept: true })).statusCode).toBe(200);

      const exported = await call('GET', '/api/account/export', a.account.cookie);
      expect(exported.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(exported.rawPayload));
      const data = JSON.parse(strFromU8(files['account.json']!)) as { introductions: Array<{ id: string; otherUserId: string; status: string }> };
      expect(data.introductions).toEqual([expect.objectContaining({ id, otherUserId: b.account.id, status: 'awaiting-second' })]);

      expect((await call('POST', '/api/account/delete', a.account.cookie, { password: a.account.password })).statusCode).toBe(204);
      expect((await call('GET', '/api/introductions', b.account.cookie)).json()).toEqual([]);
      const notices = (await call('GET', '/api/notices', b.account.cookie)).json<Array<{ kind: string }>>();
      expect(notices.map((notice) => notice.kind)).toEqual(['introduction-ended']);
      // The coordinator is told too, with a notice that names nobody.
      expect((await call('GET', '/api/notices', coordinator.cookie)).json<Array<{ kind: string }>>().map((notice) => notice.kind)).toEqual(['coordinated-introduction-ended']);
    } finally {
      await ctx.close();
    }
  });
});


describe('an ending ends contact cleanly (issue 32.1), check-ins need both (32.2), requests are a resource (32.4)', () => {
  let w: World;
  let coordinator: { id: string; cookie: string };
  beforeAll(async () => {
    w = await world({ directMessages: 'introductions-only', introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } });
    coordinator = await w.coordinatorAccount();
  });
  afterAll(() => w.ctx.close());

  async function introducedPair() {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    expect((await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
    expect((await w.call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).statusCode).toBe(200);
    return { a, b, id };
  }
  const noticeKinds = async (cookie: string) => (await w.call('GET', '/api/notices', cookie)).json<Array<{ kind: string }>>().map((n) => n.kind);
  const jobsFor = async (userId: string) =>
    (await w.ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'introduction-notice'))).filter((job) => (job.payload as { userId?: string }).userId === userId).map((job) => (job.payload as { kind: string }).kind);

  it('a member ends it (confirmed): the other and the coordinator are told in-app and by mail; the thread closes for both with a coded 403, history kept', async () => {
    const { a, b, id } = await introducedPair();
    expect((await w.call('POST', '/api/messages', a.cookie, { receiverId: b.id, content: 'Namaste' })).statusCode).toBe(201);
    // "We have ended it" must come confirmed.
    const unconfirmed = await w.call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'ended' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({ code: 'introduction-end-unconfirmed' });
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'ended', confirmed: true, note: 'Not a match' })).json()).toEqual({ id, status: 'ended' });

    expect(await noticeKinds(b.cookie)).toEqual(['introduction-closed']);
    expect(await noticeKinds(coordinator.cookie)).toContain('coordinated-introduction-ended');
    expect(await noticeKinds(a.cookie)).toEqual([]);
    expect(await jobsFor(b.id)).toContain('ended');
    // The coordinator's mail is a staff notice (at once, in the digest or none, as the coordinator chose).
    const staffMail = await w.ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'staff-notice'));
    expect(staffMail.map((job) => job.payload)).toContainEqual({ kind: 'introduction-ended', subjectId: id });
    expect(await jobsFor(a.id)).not.toContain('ended');
    // B wrote back after A's first message, yet neither may write any more; the history stays.
    for (const [from, to] of [
      [b, a],
      [a, b],
    ] as const) {
      const refused = await w.call('POST', '/api/messages', from.cookie, { receiverId: to.id, content: 'Why did you end it? Please reconsider.' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'introduction-closed' });
      expect((await w.call('GET', `/api/user/${to.id}/info`, from.cookie)).json()).toMatchObject({ mayWrite: false, mayNotWriteReason: 'introduction-closed' });
    }
    expect((await w.call('GET', `/api/messages/${a.id}`, b.cookie)).json<Array<{ content: string }>>().map((m) => m.content)).toContain('Namaste');
    // Both may still write to the coordinator.
    expect((await w.call('POST', '/api/messages', b.cookie, { receiverId: coordinator.id, content: 'It ended' })).statusCode).toBe(201);
    // Ended is ended: no second ending, no check-in.
    expect((await w.call('POST', `/api/introductions/${id}/end`, b.cookie, {})).statusCode).toBe(409);
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'continuing' })).json()).toMatchObject({ code: 'introduction-not-current' });
  });

  it('a coordinator ends it through /end (audited): both members are told; a stranger is answered 404', async () => {
    const { a, b, id } = await introducedPair();
    const stranger = await w.man();
    expect((await w.call('POST', `/api/introductions/${id}/end`, stranger.cookie, {})).statusCode).toBe(404);
    expect((await w.call('POST', `/api/introductions/${id}/end`, coordinator.cookie, { note: 'Families asked' })).json()).toEqual({ id, status: 'ended' });
    expect(await noticeKinds(a.cookie)).toEqual(['introduction-closed']);
    expect(await noticeKinds(b.cookie)).toEqual(['introduction-closed']);
    expect(await jobsFor(a.id)).toContain('ended');
    const audit = await w.ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'coordinator.end'), eq(adminAudit.targetId, id)));
    expect(audit).toHaveLength(1);
    // Under introductions-only the thread between the two closes as for a member's ending.
    const refused = await w.call('POST', '/api/messages', a.cookie, { receiverId: b.id, content: 'Still there?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'introduction-closed' });
    // An elder who is not a coordinator may not end one (can.endIntroduction: the two, or a coordinator).
    const elder = await w.woman();
    await w.ctx.database.db.update(users).set({ roles: ['elder'] }).where(eq(users.id, elder.id));
    const { id: other } = await introducedPair();
    expect((await w.call('POST', `/api/introductions/${other}/end`, elder.cookie, {})).statusCode).toBe(404);
  });

  it('expiry tells the member it had reached (the one never asked hears nothing)', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    await w.advance(8 * DAY);
    expect((await w.mine(a.cookie)).find((i) => i.id === id)!.status).toBe('expired');
    expect(await noticeKinds(a.cookie)).toEqual(['introduction-closed']);
    expect(await noticeKinds(b.cookie)).toEqual([]);
    expect(await jobsFor(b.id)).toEqual([]);
  });

  it('check-ins move the status only as far as both members said, and the other never sees an answer', async () => {
    const { a, b, id } = await introducedPair();
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'married', note: 'We are engaged!' })).json()).toEqual({ id, status: 'introduced' });
    const forB = await w.mine(b.cookie);
    expect(forB.find((i) => i.id === id)!.status).toBe('introduced');
    expect(JSON.stringify(forB)).not.toContain('We are engaged!');
    expect(JSON.stringify(forB)).not.toContain('"married"');
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'continuing' })).json()).toEqual({ id, status: 'courting' });
    expect((await w.call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'married' })).json()).toEqual({ id, status: 'married' });
  });

  it('requests: listed as pending for their maker only, withdrawn with DELETE (204), then gone from the coordinator’s queue', async () => {
    const a = await w.woman({ courtshipAlignment: 'either-with-guidance', exactLocation: 'Withdrawville, Oregon, USA' });
    const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
    const made = await w.call('POST', '/api/introduction-requests', a.cookie, { userId: b.id, note: 'We met at the feast' });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: string }>();
    const mine = await w.call('GET', '/api/introduction-requests', a.cookie);
    expect(mine.json()).toEqual([{ id, other: { userId: b.id, name: expect.any(String) }, note: 'We met at the feast', createdAt: expect.any(String) }]);
    expect((await w.call('GET', '/api/introduction-requests', b.cookie)).json()).toEqual([]);
    // Only its maker may withdraw it; to anyone else it does not exist.
    const foreign = await w.call('DELETE', `/api/introduction-requests/${id}`, b.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'introduction-request-not-found' });
    expect((await w.call('GET', '/api/coordinator/members?filter=requested&q=withdrawville', coordinator.cookie)).json()).toHaveLength(1);
    expect((await w.call('DELETE', `/api/introduction-requests/${id}`, a.cookie)).statusCode).toBe(204);
    expect((await w.call('DELETE', `/api/introduction-requests/${id}`, a.cookie)).statusCode).toBe(404);
    expect((await w.call('GET', '/api/introduction-requests', a.cookie)).json()).toEqual([]);
    expect((await w.call('GET', '/api/coordinator/members?filter=requested&q=withdrawville', coordinator.cookie)).json()).toEqual([]);
    // Under introductions-only the match page says why writing is not allowed, so it can offer the request instead.
    expect((await w.call('GET', `/api/user/${b.id}/info`, a.cookie)).json()).toMatchObject({ mayWrite: false, mayNotWriteReason: 'introductions-only' });
  });
});

describe('an elder’s decline tells the coordinator, never the members (issue 32.1)', () => {
  it('declined-by-elders: a notice and a mail for the coordinator only', async () => {
    const w = await world({ introductions: { maxOpen: 2, elderApprovals: 1, responseDays: 7 } });
    try {
      const coordinator = await w.coordinatorAccount();
      const elder = await signUp(w.ctx.app);
      await w.grant(elder.id, { elder: true });
      const a = await w.woman({ courtshipAlignment: 'either-with-guidance' });
      const b = await w.man({ courtshipAlignment: 'either-with-guidance' });
      const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
      expect((await w.call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'decline' })).json()).toEqual({ id, status: 'declined-by-elders' });
      expect((await w.call('GET', '/api/notices', coordinator.cookie)).json<Array<{ kind: string }>>().map((n) => n.kind)).toEqual(['coordinated-introduction-ended']);
      expect((await w.call('GET', '/api/notices', a.cookie)).json()).toEqual([]);
      expect((await w.call('GET', '/api/notices', b.cookie)).json()).toEqual([]);
    } finally {
      await w.ctx.close();
    }
  });
});

describe('suggestions learn from the member’s own no’s (issue 51)', () => {
  let w: World;
  let coordinator: { id: string; cookie: string };
  beforeAll(async () => {
    w = await world({ introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } });
    coordinator = await w.coordinatorAccount();
  });
  afterAll(() => w.ctx.close());

  const suggested = async (userId: string) => (await w.call('GET', `/api/coordinator/members/${userId}/suggestions?limit=50`, coordinator.cookie)).json<Array<{ userId: string }>>().map((s) => s.userId);
  const learned = async (userId: string) => (await w.call('GET', `/api/coordinator/members/${userId}`, coordinator.cookie)).json<{ suggestionsLearned: unknown[] }>().suggestionsLearned;
  const declineFor = async (a: Member, b: Member, decliner: Member, reasons: string[]) => {
    const { id } = (await w.propose(coordinator.cookie, a.id, b.id)).json<{ id: string }>();
    if (decliner !== a) await w.call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
    expect((await w.call('POST', `/api/introductions/${id}/respond`, decliner.cookie, { accept: false, reasons })).statusCode).toBe(200);
  };

  it('after a no for distance, leaves out people farther than the one declined, and says so', async () => {
    const her = await w.woman({ courtshipAlignment: 'either-with-guidance', exactLocation: 'Alachua, Florida, USA', minAge: 25, maxAge: 60 });
    const far = await w.man({ exactLocation: 'Miami, Florida, USA' });
    const near = await w.man({ exactLocation: 'Gainesville, Florida, USA' });
    const farther = await w.man({ exactLocation: 'Seattle, Washington, USA' });
    expect(await suggested(her.id)).toEqual(expect.arrayContaining([far.id, near.id, farther.id]));
    expect(await learned(her.id)).toEqual([]);
    await declineFor(her, far, her, ['distance']);
    const now = await suggested(her.id);
    expect(now).toContain(near.id);
    expect(now).not.toContain(farther.id);
    // Alachua to Miami is about 470 km.
    expect(await learned(her.id)).toEqual([{ reason: 'distance', declined: 1, within: expect.any(Number) }]);
    const [rule] = (await learned(her.id)) as Array<{ within: number }>;
    expect(rule!.within).toBeGreaterThan(400);
    expect(rule!.within).toBeLessThan(550);
  });

  it('after a no for age, leaves out people as far apart in age; never from a reason the other person gave', async () => {
    const her = await w.woman({ courtshipAlignment: 'either-with-guidance', dateOfBirth: '1994-05-17', minAge: 25, maxAge: 60, ageFlexibility: 'flexible' });
    const older = await w.man({ dateOfBirth: '1979-01-10' });
    const close = await w.man({ dateOfBirth: '1992-03-03' });
    const muchOlder = await w.man({ dateOfBirth: '1975-06-06' });
    expect(await suggested(her.id)).toEqual(expect.arrayContaining([close.id, muchOlder.id]));
    await declineFor(her, older, her, ['age']);
    const now = await suggested(her.id);
    expect(now).toContain(close.id);
    expect(now).not.toContain(muchOlder.id);
    expect(await learned(her.id)).toEqual([{ reason: 'age', declined: 1, within: expect.any(Number) }]);
    // He was declined for age: that teaches his suggestions nothing (the reason is hers, not his).
    expect(await learned(older.id)).toEqual([]);
  });
});
