import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProfile } from '#domain/profile/profile-api';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import type { PlaceItem } from '#domain/profile/vedic';
import { vedicBirthDetails } from '#server/db/schema';
import { loggerOptions } from '#server/http/server-options';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';

/**
 * Birth details for Vedic compatibility (issue 52 part 1): opting in and out through the profile, validation, a body
 * without them keeps them, and the time and place leave the server only to their owner: never in anyone else's
 * answer (matches, coordinators, elders, the admin, a guardian, introductions), never in the log, in her export,
 * and gone with her account.
 */

// The app logs every request at trace level into `logLines`: the privacy test reads them.
const logLines: string[] = [];
const mailer = createCapturingMailer();
let ctx: TestContext;
let adminCookie: string;
/** Vrindavan, as GET /api/places answers it (checked below). */
const place: PlaceItem = { name: 'Vrindāvan, Uttar Pradesh, India', country: 'IN', latitude: 27.58105, longitude: 77.69662, timeZone: 'Asia/Kolkata' };
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  ctx = await createTestContext(
    { adminPassword: 'the-admin-password', logLevel: 'trace', logRequests: true, introductions: { maxOpen: 3, elderApprovals: 1, responseDays: 7 } },
    { mailer, logger: { ...(loggerOptions('trace') as object), stream } },
  );
  adminCookie = sessionCookie(await call('POST', '/api/admin/login', undefined, { password: 'the-admin-password' }));
  const someone = await signUp(ctx.app);
  expect((await call('GET', '/api/places?q=vrindavan', someone.cookie)).json<PlaceItem[]>()[0]).toEqual(place);
});
afterAll(() => ctx.close());

function call(method: string, url: string, cookie?: string, payload?: unknown) {
  return ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });
}
const post = (cookie: string, payload: unknown) => call('POST', '/api/profile', cookie, payload);
const own = async (cookie: string) => (await call('GET', '/api/profile', cookie)).json<OwnProfile>();

const BIRTH_TIME = '04:37';
const details = () => ({ optIn: true, birthTime: BIRTH_TIME, birthTimeAccuracy: 'approximate', birthPlace: { name: place.name, latitude: place.latitude, longitude: place.longitude, timeZone: place.timeZone } });
const rowOf = async (userId: string) => (await ctx.database.db.select().from(vedicBirthDetails).where(eq(vedicBirthDetails.userId, userId)))[0];

describe('POST /api/profile: vedic', () => {
  it('opts in, keeps the details when a body leaves vedic out, and opting out deletes them', async () => {
    const { cookie, id } = await signUp(ctx.app);
    const created = await post(cookie, { ...validProfileInput(), vedic: details() });
    expect(created.statusCode, created.body).toBe(201);
    const saved = { optIn: true, birthTime: BIRTH_TIME, birthTimeAccuracy: 'approximate', birthPlace: details().birthPlace };
    expect(created.json<OwnProfile>().vedic).toEqual(saved);
    expect((await own(cookie)).vedic).toEqual(saved);
    expect((await call('GET', '/api/profile/preview', cookie)).json<OwnProfile>().vedic).toEqual(saved);

    // A spec client that knows nothing of them: kept.
    const without = await post(cookie, validProfileInput());
    expect(without.statusCode).toBe(200);
    expect(without.json<OwnProfile>().vedic).toEqual(saved);
    expect(await rowOf(id)).toBeDefined();

    // Opting out deletes the row, chart and all.
    await ctx.database.db.update(vedicBirthDetails).set({ vedicChart: { moon: 'test' } }).where(eq(vedicBirthDetails.userId, id));
    const out = await post(cookie, { ...validProfileInput(), vedic: { optIn: false, birthTime: '10:00' } });
    expect(out.statusCode).toBe(200);
    expect(out.json<OwnProfile>().vedic).toEqual({ optIn: false, birthTime: null, birthTimeAccuracy: null, birthPlace: null });
    expect(await rowOf(id)).toBeUndefined();

    // Opting in again, time unknown: saved without a time, whatever was sent.
    const unknown = await post(cookie, { ...validProfileInput(), vedic: { ...details(), birthTimeAccuracy: 'unknown', birthTime: '12:00' } });
    expect(unknown.json<OwnProfile>().vedic).toMatchObject({ optIn: true, birthTime: null, birthTimeAccuracy: 'unknown' });
  });

  it('stores the zone the server finds at the place, not the one the client sent; a new place computes the chart again', async () => {
    const { cookie, id } = await signUp(ctx.app);
    await post(cookie, { ...validProfileInput(), vedic: details() });
    await ctx.database.db.update(vedicBirthDetails).set({ vedicChart: { moon: 'test' } }).where(eq(vedicBirthDetails.userId, id));
    const answer = await post(cookie, { ...validProfileInput(), vedic: { ...details(), birthPlace: { ...details().birthPlace, timeZone: 'America/New_York' } } });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<OwnProfile>().vedic?.birthPlace?.timeZone).toBe('Asia/Kolkata');
    // The stale chart is replaced by one computed from the saved details (Vrindavan, 04:37, her date of birth).
    expect((await rowOf(id))?.vedicChart).toMatchObject({ version: 1, birthTimeAccuracy: 'approximate', nakshatra: expect.any(Number), rashi: expect.any(Number) });
  });

  it.each([
    [{ optIn: 'maybe' }, 'vedic.optIn', 'yesNoInvalid'],
    [{ ...details(), birthTime: '24:00' }, 'vedic.birthTime', 'birthTimeInvalid'],
    [{ ...details(), birthTime: '7:05' }, 'vedic.birthTime', 'birthTimeInvalid'],
    [{ ...details(), birthTime: '07:60' }, 'vedic.birthTime', 'birthTimeInvalid'],
    [{ ...details(), birthTime: null }, 'vedic.birthTime', 'birthTimeRequired'],
    [{ ...details(), birthTimeAccuracy: null }, 'vedic.birthTimeAccuracy', 'birthTimeAccuracyRequired'],
    [{ ...details(), birthTimeAccuracy: 'roughly' }, 'vedic.birthTimeAccuracy', 'optionInvalid'],
    [{ ...details(), birthPlace: null }, 'vedic.birthPlace', 'birthPlaceRequired'],
    [{ ...details(), birthPlace: { ...details().birthPlace, latitude: 90.5 } }, 'vedic.birthPlace.latitude', 'birthPlaceInvalid'],
    [{ ...details(), birthPlace: { ...details().birthPlace, longitude: -180.01 } }, 'vedic.birthPlace.longitude', 'birthPlaceInvalid'],
    [{ ...details(), birthPlace: { ...details().birthPlace, latitude: '27.5' } }, 'vedic.birthPlace.latitude', 'birthPlaceInvalid'],
    [{ ...details(), birthPlace: { ...details().birthPlace, timeZone: 'Mars/Olympus_Mons' } }, 'vedic.birthPlace.timeZone', 'birthPlaceInvalid'],
    [{ ...details(), birthPlace: { ...details().birthPlace, name: '  ' } }, 'vedic.birthPlace.name', 'birthPlaceRequired'],
    [{ ...details(), birthPlace: { ...details().birthPlace, name: 'x'.repeat(121) } }, 'vedic.birthPlace.name', 'birthPlaceInvalid'],
    ['yes', 'vedic', 'optionInvalid'],
  ])('vedic = %j is a 400 naming %s (%s), and nothing is saved', async (vedic, path, code) => {
    const { cookie, id } = await signUp(ctx.app);
    const refused = await post(cookie, { ...validProfileInput(), vedic });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; message: string; errors: { path: string; code: string }[] }>();
    expect(body.errors).toContainEqual(expect.objectContaining({ path, code }));
    expect((await call('GET', '/api/profile', cookie)).json()).toBeNull();
    expect(await rowOf(id)).toBeUndefined();
  });
});

describe('birth time and place leave the server only to their owner', () => {
  /**
   * Every way the details could be written in an answer or a log line. The pair's `vedic` compatibility (issue 52
   * part 3: nakshatra, pada, rashi, Mangal dosha and the kootas) is on the answers about the two when both opted in,
   * as here; what it is made from never is (the chart's Moon window and ascendant, the time and place).
   */
  const traces = () => [`"${BIRTH_TIME}"`, 'Vrind', 'Asia/Kolkata', String(place.latitude), String(place.longitude), 'birthTime', 'birthPlace', 'moonWindow', 'ascendant'];
  const expectNoTrace = (text: string, where: string) => {
    for (const trace of traces()) expect(text, `${where} carries ${trace}`).not.toContain(trace);
  };

  it('in no answer about her to a match, a coordinator, an elder, the admin or a guardian; in her export; gone with her account', async () => {
    const grant = async (userId: string, roles: { coordinator?: boolean; elder?: boolean }) =>
      expect((await call('PUT', `/api/admin/users/${userId}/roles`, adminCookie, { coordinator: false, elder: false, ...roles })).statusCode).toBe(200);
    const coordinator = await signUp(ctx.app);
    await grant(coordinator.id, { coordinator: true });
    const elder = await signUp(ctx.app);
    await grant(elder.id, { elder: true });
    const input: Partial<ProfileFormValues> = { name: 'Gopi Birthkeeper', courtshipAlignment: 'either-with-guidance', vedic: details() as ProfileFormValues['vedic'] };
    const her = await createProfileUser(ctx.app, { ...input, gender: 'woman', dateOfBirth: '1994-05-17' });
    const him = await createProfileUser(ctx.app, { name: 'Govinda Seeker', courtshipAlignment: 'either-with-guidance', gender: 'man', dateOfBirth: '1990-02-11', vedic: details() as ProfileFormValues['vedic'] });
    expect((await own(her.account.cookie)).vedic?.optIn).toBe(true);

    // A guardian she invited, who accepted.
    const guardian = await signUp(ctx.app);
    expect((await call('POST', '/api/guardians', her.account.cookie, { name: 'Amma Devi', email: guardian.email, relation: 'parent', seesMessages: true })).statusCode).toBe(201);
    await settleJobs(ctx.app);
    const token = /guardian-invitation\?token=([\w-]+)/.exec(mailer.sent.findLast((m) => m.to === guardian.email && m.text.includes('/guardian-invitation?token='))!.text)![1]!;
    expect((await call('POST', '/api/guardians/accept', guardian.cookie, { token })).statusCode).toBe(204);

    // An introduction the coordinator proposes, awaiting the elder's review.
    const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: her.account.id, memberB: him.account.id, note: 'Both sing kirtan' });
    expect(proposed.statusCode, proposed.body).toBe(201);

    const answers: [string, string, string][] = [
      ['his list of matches', '/api/matches?limit=100', him.account.cookie],
      ['her match page', `/api/match/${her.profile.id}`, him.account.cookie],
      ['her info', `/api/user/${her.account.id}/info`, him.account.cookie],
      ['his introductions', '/api/introductions', him.account.cookie],
      ["the coordinator's member page", `/api/coordinator/members/${her.account.id}`, coordinator.cookie],
      ["the coordinator's list", '/api/coordinator/members?filter=all&limit=100', coordinator.cookie],
      ['suggestions for him', `/api/coordinator/members/${him.account.id}/suggestions`, coordinator.cookie],
      ["the coordinator's introductions", '/api/coordinator/introductions', coordinator.cookie],
      ["the elders' queue", '/api/elders/introductions', elder.cookie],
      ["the admin's member list", '/api/admin/user-profiles?q=Birthkeeper', adminCookie],
      ['the guardian', '/api/guarding', guardian.cookie],
    ];
    for (const [where, url, cookie] of answers) {
      const answer = await call('GET', url, cookie);
      expect(answer.statusCode, `${where}: ${answer.body}`).toBe(200);
      expectNoTrace(answer.body, where);
    }
    // The answers did show her (the checks looked at answers about her, not empty ones).
    expect((await call('GET', `/api/match/${her.profile.id}`, him.account.cookie)).body).toContain('Gopi');
    expect((await call('GET', '/api/elders/introductions', elder.cookie)).body).toContain('Gopi');
    expect((await call('GET', '/api/guarding', guardian.cookie)).body).toContain('Gopi');

    // Her export carries them.
    const exported = await call('GET', '/api/account/export', her.account.cookie);
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['account.json']!)) as { vedic: Record<string, unknown> };
    expect(data.vedic).toMatchObject({ birthTime: BIRTH_TIME, birthTimeAccuracy: 'approximate', birthPlace: details().birthPlace, chart: expect.objectContaining({ version: 1, nakshatra: expect.any(Number) }) });
    // summary.txt says them in her words too (mail/export-summary-texts.ts).
    const summary = strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['summary.txt']!);
    expect(summary).toContain(`Born at ${BIRTH_TIME} (approximate time) in ${place.name}.`);
    // His export does not carry hers (he opted in with the same place, so only her row's dates could tell): one row each.
    const his = JSON.parse(strFromU8(unzipSync(new Uint8Array((await call('GET', '/api/account/export', him.account.cookie)).rawPayload))['account.json']!)) as { vedic: unknown; profile: unknown };
    expect(JSON.stringify(his.profile)).not.toContain('Birthkeeper');

    // Never in the log: not the request bodies, not the places searched.
    await call('GET', '/api/places?q=Vrindavan', her.account.cookie);
    // The log did see the requests (the search's words redacted).
    expect(logLines.join('\n')).toContain('/api/places?q=[redacted]');
    expectNoTrace(logLines.join('\n'), 'the log');

    // Deleting her account erases them.
    const deleted = await call('POST', '/api/account/delete', her.account.cookie, { password: her.account.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rowOf(her.account.id)).toBeUndefined();
    expect(await rowOf(him.account.id)).toBeDefined();
  });
});
