import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStory, PublishedStory } from '#domain/introductions/stories';
import { adminAudit } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';

/**
 * Stories, with consent (issue 51 part 5), through the API on a real database: each member's answer once engaged or
 * married, the admin's list and publication only when both said yes, the landing page's list and photo, a withdrawal
 * that takes it down at once, the export and the deletion of an account.
 */
let ctx: TestContext;
let adminCookie: string;
let coordinatorCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 5, elderApprovals: 0, responseDays: 7 } });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
  const coordinator = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${coordinator.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
  coordinatorCookie = coordinator.cookie;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) => ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
let n = 0;
const member = async (gender: 'woman' | 'man') => {
  n += 1;
  const made = await createProfileUser(ctx.app, { gender, name: `Story${n} Test`, dateOfBirth: gender === 'woman' ? '1994-05-17' : '1990-02-11', courtshipAlignment: 'either-with-guidance' });
  return made.account;
};

/** Two members introduced (both accepted) and, when asked, moved on by both check-ins to `stage`. */
async function couple(stage: 'introduced' | 'engaged' | 'married') {
  const [a, b] = [await member('woman'), await member('man')];
  const { id } = (await call('POST', '/api/introductions', coordinatorCookie, { memberA: a.id, memberB: b.id, note: '' })).json<{ id: string }>();
  await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
  await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
  if (stage !== 'introduced') {
    for (const person of [a, b]) expect((await call('POST', `/api/introductions/${id}/follow-up`, person.cookie, { status: stage })).statusCode).toBe(200);
  }
  return { id, a, b };
}
const card = async (cookie: string, id: string) => (await call('GET', '/api/introductions', cookie)).json<Array<{ id: string; status: string; storyAsked?: boolean; storyShared?: boolean }>>().find((i) => i.id === id)!;
const story = (cookie: string, id: string, body: object) => call('POST', `/api/introductions/${id}/story`, cookie, body);
const adminList = async () => (await call('GET', '/api/admin/stories', adminCookie)).json<AdminStory[]>();
const published = async () => (await call('GET', '/api/stories')).json<PublishedStory[]>();
const jpeg = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).withMetadata({ exif: { IFD0: { Artist: 'Secret Name' } } }).jpeg().toBuffer();

describe('stories with consent', () => {
  it('is asked once engaged or married, reaches the admin only when both said yes, and is published by the admin', async () => {
    const { id, a, b } = await couple('introduced');
    // Not while introduced: nothing asked, a yes refused; a stranger and a coordinator are told nothing.
    expect(await card(a.cookie, id)).toMatchObject({ storyAsked: false, storyShared: false });
    expect((await story(a.cookie, id, { share: true, names: 'Radha' })).json()).toMatchObject({ code: 'story-not-yet' });
    const stranger = await member('woman');
    expect((await story(stranger.cookie, id, { share: true, names: 'X' })).statusCode).toBe(404);
    expect((await story(coordinatorCookie, id, { share: true, names: 'X' })).statusCode).toBe(404);
    expect((await call('POST', `/api/introductions/${id}/story`, undefined, { share: true, names: 'X' })).statusCode).toBe(401);

    for (const person of [a, b]) await call('POST', `/api/introductions/${id}/follow-up`, person.cookie, { status: 'married' });
    expect(await card(a.cookie, id)).toMatchObject({ status: 'married', storyAsked: true, storyShared: false });

    // The caller's mistakes: 400 with the field's code.
    for (const [body, field, code] of [
      [{ share: 'yes' }, 'share', 'storyShareInvalid'],
      [{ share: true }, 'names', 'storyNamesRequired'],
      [{ share: true, names: '   ' }, 'names', 'storyNamesRequired'],
      [{ share: true, names: 'x'.repeat(61) }, 'names', 'storyNamesTooLong'],
      [{ share: true, names: 'Radha', text: 'x'.repeat(1001) }, 'text', 'storyTextTooLong'],
      [{ share: false, names: 'Radha' }, 'share', 'storyWordsWithNo'],
    ] as const) {
      const answer = await story(a.cookie, id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'invalid-request', errors: [expect.objectContaining({ path: field, code })] });
    }

    expect((await story(a.cookie, id, { share: true, names: ' Radha ', text: 'We met at the Sunday feast.' })).json()).toEqual({ id, share: true });
    expect(await card(a.cookie, id)).toMatchObject({ storyAsked: false, storyShared: true });
    // He is still asked, and is never told what she answered.
    const his = await call('GET', '/api/introductions', b.cookie);
    expect(his.json<Array<{ id: string; storyAsked: boolean; storyShared: boolean }>>().find((i) => i.id === id)).toMatchObject({ storyAsked: true, storyShared: false });
    expect(his.body).not.toContain('Sunday feast');
    // One yes is not a draft.
    expect((await adminList()).map((s) => s.id)).not.toContain(id);
    expect((await call('POST', `/api/admin/stories/${id}/publish`, adminCookie)).json()).toMatchObject({ code: 'story-not-agreed' });

    expect((await story(b.cookie, id, { share: true, names: 'Govinda' })).statusCode).toBe(200);
    const draft = (await adminList()).find((s) => s.id === id)!;
    expect(draft).toMatchObject({ status: 'married', publishedAt: null, photo: null, agreedAt: expect.any(String) });
    expect(draft.parts).toEqual([{ names: 'Radha', text: 'We met at the Sunday feast.' }, { names: 'Govinda', text: '' }]);
    expect((await published()).map((s) => s.id)).not.toContain(id);

    // Only the admin's session lists and publishes; members and coordinators are refused as anyone without it.
    for (const cookie of [a.cookie, coordinatorCookie]) {
      expect((await call('GET', '/api/admin/stories', cookie)).statusCode).toBe(401);
      expect((await call('POST', `/api/admin/stories/${id}/publish`, cookie)).statusCode).toBe(401);
    }
    const publication = await call('POST', `/api/admin/stories/${id}/publish`, adminCookie);
    expect(publication.json()).toEqual({ id, publishedAt: expect.any(String) });
    expect((await published()).find((s) => s.id === id)).toMatchObject({ parts: draft.parts, status: 'married', photo: null });
    // The launch checklist counts it in place of the sample testimonials (the landing page's own test is e2e/stories.spec.ts).
    const checklist = (await call('GET', '/api/admin/launch-checklist', adminCookie)).json<Array<{ item: string; done: boolean }>>();
    expect(checklist.find((entry) => entry.item === 'sample-testimonials')!.done).toBe(true);
    const audit = await ctx.database.db.select().from(adminAudit);
    expect(audit.filter((row) => row.targetId === id).map((row) => row.action)).toContain('story.publish');

    // Unpublished by the admin: still a draft both agreed to.
    expect((await call('DELETE', `/api/admin/stories/${id}/publish`, adminCookie)).json()).toEqual({ id, publishedAt: null });
    expect((await published()).map((s) => s.id)).not.toContain(id);
    expect((await call('DELETE', `/api/admin/stories/${id}/publish`, adminCookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/stories/00000000-0000-4000-8000-000000000000/publish`, adminCookie)).statusCode).toBe(404);
  });

  it('takes the story down at once when either member withdraws, and keeps nothing of her words', async () => {
    const { id, a, b } = await couple('engaged');
    await story(a.cookie, id, { share: true, names: 'Sita', text: 'Grateful to our coordinator.' });
    await story(b.cookie, id, { share: true, names: 'Ram' });
    await call('POST', `/api/admin/stories/${id}/publish`, adminCookie);
    expect((await published()).find((s) => s.id === id)).toMatchObject({ status: 'engaged' });

    expect((await story(b.cookie, id, { share: false })).json()).toEqual({ id, share: false });
    expect((await published()).map((s) => s.id)).not.toContain(id);
    expect((await adminList()).map((s) => s.id)).not.toContain(id);
    expect(await card(b.cookie, id)).toMatchObject({ storyAsked: false, storyShared: false });
    // Saying yes again is a new agreement: the admin must publish it again.
    await story(b.cookie, id, { share: true, names: 'Ram' });
    expect((await adminList()).find((s) => s.id === id)).toMatchObject({ publishedAt: null });

    // An introduction that ends takes its story down, and a yes is refused; a withdrawal is still taken.
    await call('POST', `/api/admin/stories/${id}/publish`, adminCookie);
    expect((await call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'ended', confirmed: true })).statusCode).toBe(200);
    expect((await published()).map((s) => s.id)).not.toContain(id);
    expect((await story(a.cookie, id, { share: true, names: 'Sita' })).json()).toMatchObject({ code: 'story-not-yet' });
    expect((await story(a.cookie, id, { share: false })).statusCode).toBe(200);
    expect(await card(a.cookie, id)).toMatchObject({ storyShared: false });
  });

  it('keeps the photo of the two private until published, stripped of its metadata; the export holds it; deletion erases it', async () => {
    const { id, a, b } = await couple('married');
    const upload = (cookie: string | undefined, body: Buffer) =>
      ctx.app.inject({ method: 'PUT', url: `/api/introductions/${id}/story/photo`, headers: { ...(cookie ? { cookie } : {}), 'content-type': 'image/jpeg' }, payload: body });
    // Only after her yes.
    expect((await upload(a.cookie, await jpeg())).json()).toMatchObject({ code: 'story-not-agreed' });
    expect((await upload(undefined, await jpeg())).statusCode).toBe(401);
    await story(a.cookie, id, { share: true, names: 'Lalita' });
    expect((await upload(a.cookie, Buffer.from('not an image'))).statusCode).toBe(415);
    const sent = await upload(a.cookie, await jpeg());
    expect(sent.statusCode).toBe(200);
    const { photo } = sent.json<{ photo: string }>();
    expect(photo).toMatch(/^\/objects\/stories\/[A-Za-z0-9_-]+\.jpg$/);
    const file = await call('GET', photo, a.cookie);
    expect(file.statusCode).toBe(200);
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    // Before publication: hers and the admin's, nobody else's (not even his).
    expect((await call('GET', photo, adminCookie)).statusCode).toBe(200);
    expect((await call('GET', photo, b.cookie)).statusCode).toBe(404);
    expect((await call('GET', photo)).statusCode).toBe(404);

    await story(b.cookie, id, { share: true, names: 'Madhava', text: 'Thank you all.' });
    expect((await adminList()).find((s) => s.id === id)!.photo).toBe(photo);
    await call('POST', `/api/admin/stories/${id}/publish`, adminCookie);
    expect((await call('GET', photo)).statusCode).toBe(200);
    const photoBytesWhilePublished = readFileSync(path.join(ctx.config.dataDir, photo));

    // Her export carries her answer and the photo file.
    const zip = unzipSync(new Uint8Array((await call('GET', '/api/account/export', a.cookie)).rawPayload));
    const exported = JSON.parse(strFromU8(zip['account.json']!)) as { introductionStories: unknown[] };
    expect(exported.introductionStories).toEqual([expect.objectContaining({ introductionId: id, share: true, names: 'Lalita' })]);
    expect(strFromU8(zip['summary.txt']!)).toMatch(/: you agreed to share it, as “Lalita”/);
    expect(Object.keys(zip).some((name) => name.startsWith('stories/') && photo.endsWith(name.slice('stories/'.length)))).toBe(true);

    // Her account deleted: the story is down, the photo gone from the store.
    expect((await call('POST', '/api/account/delete', a.cookie, { password: a.password })).statusCode).toBeLessThan(300);
    await settleJobs(ctx.app);
    expect((await published()).map((s) => s.id)).not.toContain(id);
    expect((await call('GET', photo, adminCookie)).statusCode).toBe(404);
    expect(() => readFileSync(path.join(ctx.config.dataDir, photo))).toThrow();
    // It was there before: the same path read while published.
    expect(photoBytesWhilePublished.length).toBeGreaterThan(0);
  });
});
