/**
 * "Show my photos only to people I am introduced to" (issue #49 part 3), through the API on a real database: the
 * setting, the blurred placeholders every answer about her carries instead of the photos, the originals' 404 to
 * anyone she is not introduced to, the introduction that shows them and the ending or block that hides them again,
 * and the staff who still see them (audited).
 */
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderPath } from '#domain/profile/photo-privacy';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { adminAudit } from '#server/db/schema';
import { PLACEHOLDER_WIDTH } from '#server/storage/images';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

interface Member {
  id: string;
  cookie: string;
  profileId: string;
  photos: string[];
}

let ctx: TestContext;
let adminCookie: string;
let coordinator: { id: string; cookie: string };
let n = 0;

const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });

async function member(overrides: Partial<ProfileFormValues>): Promise<Member> {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Private${n} Member`, courtshipAlignment: 'either-with-guidance', ...overrides });
  return { id: made.account.id, cookie: made.account.cookie, profileId: made.profile.id, photos: made.photos };
}
const woman = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'woman', dateOfBirth: '1994-05-17', ...overrides });
const man = (overrides: Partial<ProfileFormValues> = {}) => member({ gender: 'man', dateOfBirth: '1990-02-11', ...overrides });

/** Saves the profile again with `photosPrivate` as given (the rest as the factory made it). */
async function setPrivate(person: Member, photosPrivate: unknown, overrides: Partial<ProfileFormValues> = {}) {
  return call('POST', '/api/profile', person.cookie, { ...validProfileInput({ gender: 'woman', dateOfBirth: '1994-05-17', courtshipAlignment: 'either-with-guidance', ...overrides }), photosPrivate });
}

async function listItem(viewer: Member, other: Member) {
  const response = await call('GET', '/api/matches?limit=100', viewer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ profileId: string; photos: string[]; photosBlurred: boolean }>>().find((item) => item.profileId === other.profileId);
}

async function matchPage(viewer: Member, other: Member) {
  const response = await call('GET', `/api/match/${other.profileId}`, viewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ profile: { photos: string[]; photosBlurred: boolean } }>().profile;
}

async function introduce(a: Member, b: Member): Promise<string> {
  const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.id, memberB: b.id, note: 'Both sing kirtan at the temple' });
  expect(proposed.statusCode, proposed.body).toBe(201);
  const id = proposed.json<{ id: string }>().id;
  expect((await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
  expect((await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).statusCode).toBe(200);
  return id;
}

async function introductionCard(viewer: Member, id: string) {
  const response = await call('GET', '/api/introductions', viewer.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<Array<{ id: string; other: { photos: string[]; photosBlurred: boolean } | null }>>().find((item) => item.id === id)!;
}

const placeholders = (person: Member) => person.photos.map(placeholderPath);

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } });
  adminCookie = sessionCookie(await call('POST', '/api/admin/login', undefined, { password: 'the-admin-password' }));
  const account = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${account.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
  coordinator = { id: account.id, cookie: account.cookie };
});
afterAll(() => ctx.close());

describe('the setting', () => {
  it('is off by default, kept when a save leaves it out, and answered only to its owner', async () => {
    const radha = await woman();
    const own = await call('GET', '/api/profile', radha.cookie);
    expect(own.json()).toMatchObject({ photosPrivate: false });

    const on = await setPrivate(radha, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ photosPrivate: true, photos: radha.photos });
    // The spec's clients send profiles without it: the choice stays.
    const without = await call('POST', '/api/profile', radha.cookie, validProfileInput({ gender: 'woman', dateOfBirth: '1994-05-17', courtshipAlignment: 'either-with-guidance' }));
    expect(without.json()).toMatchObject({ photosPrivate: true });
    // It is hers: no answer about her names it.
    const viewer = await man();
    expect(JSON.stringify(await matchPage(viewer, radha))).not.toContain('photosPrivate');
  });

  it('refuses anything but a boolean with the field named', async () => {
    const sita = await woman();
    for (const bad of ['yes', 1, null, { on: true }]) {
      const refused = await setPrivate(sita, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json(), refused.body).toMatchObject({ code: 'invalid-request', errors: [{ path: 'photosPrivate', code: 'yesNoInvalid', message: expect.any(String) }] });
    }
    expect((await call('GET', '/api/profile', sita.cookie)).json()).toMatchObject({ photosPrivate: false });
  });
});

describe('a member who keeps her photos for introductions', () => {
  let gauri: Member;
  let madhav: Member;
  beforeAll(async () => {
    gauri = await woman();
    madhav = await man();
    expect((await setPrivate(gauri, true)).statusCode).toBe(200);
  });

  it('shows placeholders on the match list and page, and the originals answer 404', async () => {
    const item = await listItem(madhav, gauri);
    expect(item).toMatchObject({ photos: placeholders(gauri), photosBlurred: true });
    const page = await matchPage(madhav, gauri);
    expect(page).toMatchObject({ photos: placeholders(gauri), photosBlurred: true });
    for (const photo of [...item!.photos, ...page.photos]) expect(photo).not.toMatch(/^\/objects\/photos\//);

    for (const original of gauri.photos) {
      expect((await call('GET', original, madhav.cookie)).statusCode).toBe(404);
      expect((await call('GET', `${original}?w=480`, madhav.cookie)).statusCode).toBe(404);
    }
    // The conversation header's photo is the placeholder too.
    const info = await call('GET', `/api/user/${gauri.id}/info`, madhav.cookie);
    expect(info.json()).toMatchObject({ photo: placeholders(gauri)[0] });
  });

  it('serves a small blurred rendition made on the server, not the photo', async () => {
    const placeholder = await call('GET', placeholders(gauri)[0]!, madhav.cookie);
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.headers['content-type']).toBe('image/jpeg');
    expect(placeholder.headers['cache-control']).toContain('private');
    const meta = await sharp(placeholder.rawPayload).metadata();
    expect(meta.width).toBe(PLACEHOLDER_WIDTH);
    expect(meta.exif).toBeUndefined();
    const original = await call('GET', gauri.photos[0]!, gauri.cookie);
    expect(original.statusCode).toBe(200);
    expect(placeholder.rawPayload.length).toBeLessThan(original.rawPayload.length);
    // Made once and kept: the second read is the same bytes.
    expect((await call('GET', placeholders(gauri)[0]!, madhav.cookie)).rawPayload.equals(placeholder.rawPayload)).toBe(true);
  });

  it('answers 404 for the placeholder to anyone who may not see her profile', async () => {
    const stranger = await woman();
    expect((await call('GET', placeholders(gauri)[0]!, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', placeholders(gauri)[0]!)).statusCode).toBe(404);
    // A name that is no photo's.
    expect((await call('GET', '/objects/placeholders/AAAAAAAAAAAAAAAAAAAAAAAA.jpg', madhav.cookie)).statusCode).toBe(404);
    // Not a placeholder's name at all: the caller's mistake.
    expect((await call('GET', '/objects/placeholders/x.webp', madhav.cookie)).statusCode).toBe(400);
  });

  it('the owner, her coordinator and the admin see the originals, and the staff reads are audited', async () => {
    expect((await call('GET', gauri.photos[0]!, gauri.cookie)).statusCode).toBe(200);
    expect((await call('GET', gauri.photos[0]!, coordinator.cookie)).statusCode).toBe(200);
    expect((await call('GET', gauri.photos[1]!, adminCookie)).statusCode).toBe(200);
    const audited = async (action: string) =>
      ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, gauri.id)));
    expect(await audited('coordinator.view-photo')).not.toHaveLength(0);
    expect(await audited('admin.view-photo')).not.toHaveLength(0);
  });

  it('an introduction both accepted shows the photos; ending it hides them again at once', async () => {
    const id = await introduce(madhav, gauri);
    expect(await introductionCard(madhav, id)).toMatchObject({ other: { photos: gauri.photos, photosBlurred: false } });
    expect(await listItem(madhav, gauri)).toMatchObject({ photos: gauri.photos, photosBlurred: false });
    expect(await matchPage(madhav, gauri)).toMatchObject({ photos: gauri.photos, photosBlurred: false });
    expect((await call('GET', gauri.photos[0]!, madhav.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/${gauri.id}/info`, madhav.cookie)).json()).toMatchObject({ photo: gauri.photos[0] });

    expect((await call('POST', `/api/introductions/${id}/end`, gauri.cookie, { note: '' })).statusCode).toBe(200);
    expect(await listItem(madhav, gauri)).toMatchObject({ photos: placeholders(gauri), photosBlurred: true });
    expect(await matchPage(madhav, gauri)).toMatchObject({ photos: placeholders(gauri), photosBlurred: true });
    expect((await call('GET', gauri.photos[0]!, madhav.cookie)).statusCode).toBe(404);
  });

  it('while a proposal awaits the answers, its card shows placeholders', async () => {
    const uma = await woman();
    expect((await setPrivate(uma, true)).statusCode).toBe(200);
    const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: madhav.id, memberB: uma.id, note: 'Both serve at the temple' });
    const id = proposed.json<{ id: string }>().id;
    expect(await introductionCard(madhav, id)).toMatchObject({ other: { photos: placeholders(uma), photosBlurred: true } });
    // She declines: nothing was shown, nothing is.
    expect((await call('POST', `/api/introductions/${id}/respond`, madhav.cookie, { accept: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/introductions/${id}/respond`, uma.cookie, { accept: false })).statusCode).toBe(200);
    expect((await call('GET', uma.photos[0]!, madhav.cookie)).statusCode).toBe(404);
  });

  it('a block hides even the placeholders, and turning the setting off shows the photos to candidates again', async () => {
    const lalita = await woman();
    expect((await setPrivate(lalita, true)).statusCode).toBe(200);
    const id = await introduce(madhav, lalita);
    expect((await call('GET', lalita.photos[0]!, madhav.cookie)).statusCode).toBe(200);
    expect((await call('POST', '/api/blocks', lalita.cookie, { userId: madhav.id })).statusCode).toBe(201);
    expect((await call('GET', lalita.photos[0]!, madhav.cookie)).statusCode).toBe(404);
    expect((await call('GET', placeholderPath(lalita.photos[0]!), madhav.cookie)).statusCode).toBe(404);
    expect(await introductionCard(madhav, id)).toMatchObject({ other: null });

    expect((await setPrivate(gauri, false)).statusCode).toBe(200);
    expect(await listItem(madhav, gauri)).toMatchObject({ photos: gauri.photos, photosBlurred: false });
    expect((await call('GET', gauri.photos[0]!, madhav.cookie)).statusCode).toBe(200);
  });
});

describe('a member who does not', () => {
  it('shows her photos to candidates as before', async () => {
    const vrinda = await woman();
    const gopal = await man();
    expect(await listItem(gopal, vrinda)).toMatchObject({ photos: vrinda.photos, photosBlurred: false });
    expect((await call('GET', vrinda.photos[0]!, gopal.cookie)).statusCode).toBe(200);
    // And her placeholder, should a page ask for it, is still hers to show only to those who may see her.
    expect((await call('GET', placeholderPath(vrinda.photos[0]!), gopal.cookie)).statusCode).toBe(200);
  });
});
