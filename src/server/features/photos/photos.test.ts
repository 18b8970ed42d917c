import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#server/db/schema';
import { PHOTO_COPY_WIDTHS } from '#domain/profile/photo-sizes';
import { imageQueue, PHOTO_VARIANTS } from '#server/storage/images';
import { photoVariantKey } from '#server/storage/photo-files';
import { LocalDiskStore } from '#server/storage/local-disk-store';
import { createProfileUser, makeJpeg, uploadPhoto, validProfileInput } from '#server/test/factories';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';
import { UPLOADS_PER_HOUR } from './photos.routes';
import { MAX_UNUSED_UPLOADS } from './photos.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function ticket(cookie: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const { uploadURL } = response.json<{ uploadURL: string }>();
  expect(uploadURL).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\?expires=\d+&signature=[\w-]+$/);
  return uploadURL;
}

const put = (url: string, cookie: string | undefined, payload: Buffer | string, contentType = 'image/jpeg') =>
  ctx.app.inject({ method: 'PUT', url, headers: { ...(cookie ? { cookie } : {}), 'content-type': contentType }, payload });

const getPhoto = (objectPath: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: objectPath, headers: cookie ? { cookie } : {} });

describe('the upload flow', () => {
  it('needs a signed-in user for a ticket', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/objects/upload' })).statusCode).toBe(401);
  });

  it('stores a re-encoded JPEG without any metadata: GPS EXIF goes', async () => {
    const { cookie } = await signUp(ctx.app);
    const original = await makeJpeg({ gps: true });
    const before = await sharp(original).metadata();
    // 0x8825 is the EXIF tag pointing at the GPS block (little-endian here).
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const objectPath = await uploadPhoto(ctx.app, cookie, original);
    expect(objectPath).toMatch(/^\/objects\/photos\/[\w-]+\.jpg$/);
    const served = await getPhoto(objectPath, cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('private');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);
  });

  it('applies the EXIF orientation and caps the long side at 1600 px', async () => {
    const { cookie } = await signUp(ctx.app);
    const rotated = await uploadPhoto(ctx.app, cookie, await makeJpeg({ width: 200, height: 100, orientation: 6 }));
    const meta = await sharp((await getPhoto(rotated, cookie)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 200]);
    expect(meta.orientation).toBeUndefined();

    const big = await uploadPhoto(ctx.app, cookie, await sharp({ create: { width: 3200, height: 1800, channels: 3, background: '#336699' } }).png().toBuffer());
    const bigMeta = await sharp((await getPhoto(big, cookie)).rawPayload).metadata();
    expect([bigMeta.width, bigMeta.height, bigMeta.format]).toEqual([1600, 900, 'jpeg']);
  });

  it('refuses a renamed text file and a PDF with 415, and keeps the ticket usable', async () => {
    const { cookie } = await signUp(ctx.app);
    const url = await ticket(cookie);
    const text = await put(url, cookie, 'just some text pretending to be a photo', 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'not-an-image', message: 'The file is not an image', errors: [] });
    const pdf = await put(url, cookie, Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect((await put(url, cookie, await makeJpeg())).statusCode).toBe(200);
  });

  it('refuses an 11 MB upload with 413 before storing anything', async () => {
    const { cookie, id } = await signUp(ctx.app);
    const url = await ticket(cookie);
    const response = await put(url, cookie, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
    const rows = await ctx.database.db.select().from(uploads).where(eq(uploads.userId, id));
    expect(rows.every((row) => row.objectKey === null)).toBe(true);
  });

  it('refuses decompression bombs', async () => {
    const { cookie } = await signUp(ctx.app);
    const url = await ticket(cookie);
    // 10,000 x 10,000 pixels of one colour compress to a few kilobytes but would decode to 300 MB.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // Refused from the header alone, before any pixel is decoded (413 with the reason; it was a 415 before finding 3).
    expect((await put(url, cookie, bomb, 'image/png')).statusCode).toBe(413);
  });

  it('makes a ticket single-use, bound to its user, and refuses tampered or expired links with 403', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const url = await ticket(alice.cookie);
    expect((await put(url, bob.cookie, await makeJpeg())).statusCode).toBe(403);
    expect((await put(url, undefined, await makeJpeg())).statusCode).toBe(403);
    expect((await put(url.replace(/signature=.{4}/, 'signature=AAAA'), alice.cookie, await makeJpeg())).statusCode).toBe(403);
    expect((await put(url.replace(/expires=\d+/, `expires=${Date.now() + 10 * 60 * 60 * 1000}`), alice.cookie, await makeJpeg())).statusCode).toBe(403);
    expect((await put(url, alice.cookie, await makeJpeg())).statusCode).toBe(200);
    expect((await put(url, alice.cookie, await makeJpeg())).statusCode).toBe(403);

    const stale = await ticket(alice.cookie);
    const id = /uploads\/([^?]+)/.exec(stale)![1]!;
    await ctx.database.db.update(uploads).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(uploads.id, id));
    expect((await put(stale, alice.cookie, await makeJpeg())).statusCode).toBe(403);
  });

  it('registers only the caller\'s own finished uploads', async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);
    const unfinished = await ticket(alice.cookie);
    const register = (cookie: string, photoURL: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/profile-photos', headers: { cookie }, payload: { photoURL } });
    expect((await register(alice.cookie, unfinished)).statusCode).toBe(403);
    await put(unfinished, alice.cookie, await makeJpeg());
    expect((await register(bob.cookie, unfinished)).statusCode).toBe(403);
    expect((await register(alice.cookie, unfinished)).statusCode).toBe(200);
    expect((await register(alice.cookie, 'https://evil.example/file.jpg')).statusCode).toBe(403);
    expect((await register(alice.cookie, '')).statusCode).toBe(400);
  });
});

describe('who sees a profile photo', () => {
  it('the owner and match candidates see it; a visitor, a user without a profile, and a non-candidate get 404', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-03-03' });
    const anotherWoman = await createProfileUser(ctx.app, { gender: 'woman' });
    const inactiveMan = await createProfileUser(ctx.app, { gender: 'man' }, { active: false });
    const noProfile = await signUp(ctx.app);
    const photo = woman.photos[0]!;

    expect((await getPhoto(photo, woman.account.cookie)).statusCode).toBe(200);
    expect((await getPhoto(photo, man.account.cookie)).statusCode).toBe(200);
    for (const cookie of [undefined, noProfile.cookie, anotherWoman.account.cookie, inactiveMan.account.cookie]) {
      const response = await getPhoto(photo, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'photo-not-found', message: 'Not found', errors: [] });
    }
    // Once she deactivates, the man no longer sees her photos.
    await ctx.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: woman.account.cookie }, payload: { active: false } });
    expect((await getPhoto(photo, man.account.cookie)).statusCode).toBe(404);
  });

  it('a strict age range on either side hides the photos', async () => {
    const strict = await createProfileUser(ctx.app, { gender: 'woman', ageFlexibility: 'strict', minAge: 25, maxAge: 30 });
    const older = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1960-01-01' });
    expect((await getPhoto(strict.photos[0]!, older.account.cookie)).statusCode).toBe(404);
  });

  it('an uploaded photo that is not on the profile stays private to its owner', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man' });
    const spare = await uploadPhoto(ctx.app, woman.account.cookie);
    expect((await getPhoto(spare, woman.account.cookie)).statusCode).toBe(200);
    expect((await getPhoto(spare, man.account.cookie)).statusCode).toBe(404);
  });

  it('answers 404 for unknown keys and bad paths', async () => {
    const { cookie } = await signUp(ctx.app);
    await ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie }, payload: validProfileInput() });
    expect((await getPhoto('/objects/photos/AAAAAAAAAAAAAAAAAAAAAAAA.jpg', cookie)).statusCode).toBe(404);
    expect((await getPhoto('/objects/photos/..%2F..%2Fsecret.jpg', cookie)).statusCode).toBe(400);
    expect((await getPhoto('/objects/nothing', cookie)).statusCode).toBe(404);
  });
});

describe('upload limits (security review finding 3)', () => {
  it(`answers 429 after ${UPLOADS_PER_HOUR} upload tickets per user in an hour; another user is unaffected`, async () => {
    const { cookie } = await signUp(ctx.app);
    for (let i = 0; i < UPLOADS_PER_HOUR; i += 1) await ticket(cookie);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 'too-many-requests', message: expect.any(String), errors: expect.any(Array) });
    await ticket((await signUp(ctx.app)).cookie);
  });

  it(`answers 429 after ${UPLOADS_PER_HOUR} PUTs per user in an hour, before the body is processed`, async () => {
    const { cookie } = await signUp(ctx.app);
    const url = await ticket(cookie);
    const jpeg = await makeJpeg();
    expect((await put(url, cookie, jpeg)).statusCode).toBe(200);
    for (let i = 1; i < UPLOADS_PER_HOUR; i += 1) expect((await put(url, cookie, jpeg)).statusCode).toBe(403); // spent ticket
    expect((await put(url, cookie, jpeg)).statusCode).toBe(429);
  });

  it('refuses an image over 25 megapixels with a 413 that says so', async () => {
    const { cookie } = await signUp(ctx.app);
    const huge = await sharp({ create: { width: 5100, height: 5100, channels: 3, background: '#808080' } }).png().toBuffer();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    const response = await put(await ticket(cookie), cookie, huge, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image has more than 25 megapixels');
  });

  it('decodes at most two images at once however many uploads arrive together', async () => {
    imageQueue.peak = 0;
    const users = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx.app)));
    const urls = await Promise.all(users.map((u) => ticket(u.cookie)));
    const jpeg = await makeJpeg({ width: 1200, height: 900 });
    const answers = await Promise.all(users.map((u, i) => put(urls[i]!, u.cookie, jpeg)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(imageQueue.peak).toBe(2);
  });
});

describe('stored photos nothing shows (security review finding 3)', () => {
  /** Makes an upload look `hours` old, as the daily cleanup would find it. */
  const age = (objectPath: string | null, ticketId: string | null, hours: number) =>
    ctx.database.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - hours * 60 * 60 * 1000) })
      .where(objectPath ? eq(uploads.objectKey, objectPath.slice('/objects/'.length)) : eq(uploads.id, ticketId!));

  it(`refuses a new upload link with 429 once ${MAX_UNUSED_UPLOADS} stored photos are on no profile; photos on the profile do not count`, async () => {
    const { cookie } = (await createProfileUser(ctx.app)).account;
    for (let i = 0; i < MAX_UNUSED_UPLOADS; i += 1) await uploadPhoto(ctx.app, cookie, await makeJpeg({ width: 40, height: 40 }));
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/too many photos/);
    expect(refused.headers['retry-after']).toBeDefined();

    // Another person is not affected.
    const other = await signUp(ctx.app);
    await ticket(other.cookie);
  });

  it('the cleanup deletes a day-old photo nothing shows and an unused link, and keeps profile photos and recent uploads', async () => {
    const { account, photos } = await createProfileUser(ctx.app);
    const { cookie } = account;
    const [onProfile1, onProfile2] = photos;
    const replaced = await uploadPhoto(ctx.app, cookie, await makeJpeg());
    const recent = await uploadPhoto(ctx.app, cookie, await makeJpeg());
    const unusedLink = await ticket(cookie);
    const unusedId = /\/api\/uploads\/([0-9a-f-]{36})/.exec(unusedLink)![1]!;
    for (const photo of [onProfile1!, onProfile2!, replaced]) await age(photo, null, 25);
    await age(null, unusedId, 25);
    await age(recent, null, 23);

    expect(await ctx.app.deleteUnusedUploads()).toBe(2);

    expect((await getPhoto(onProfile1!, cookie)).statusCode).toBe(200);
    expect((await getPhoto(onProfile2!, cookie)).statusCode).toBe(200);
    expect((await getPhoto(recent, cookie)).statusCode).toBe(200);
    expect((await getPhoto(replaced, cookie)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(uploads).where(eq(uploads.id, unusedId))).toEqual([]);
    // The file itself is gone from the store, not just the row.
    const store = new LocalDiskStore(path.join(ctx.config.dataDir, 'objects'));
    expect(await store.get(replaced.slice('/objects/'.length))).toBeNull();
    expect(await store.get(onProfile1!.slice('/objects/'.length))).not.toBeNull();
    // And so is every copy of it (card size, WebP), while the profile photo keeps its copies.
    for (const variant of PHOTO_VARIANTS) {
      expect(await store.get(photoVariantKey(replaced.slice('/objects/'.length), variant))).toBeNull();
      expect(await store.get(photoVariantKey(onProfile1!.slice('/objects/'.length), variant))).not.toBeNull();
    }
  });
});

describe('photo copies: card sizes, and WebP for browsers that take it (issue 19)', () => {
  const [CARD_PHOTO_WIDTH, LARGE_CARD_WIDTH] = PHOTO_COPY_WIDTHS;
  const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  /** The request headers a response varies by, lower-cased ("accept", not just "accept-encoding"). */
  const varyOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
  const getAs = (objectPath: string, cookie: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: objectPath, headers: { cookie, ...headers } });

  it('sends WebP to a browser whose Accept names it, JPEG to one that does not, and says it varies by Accept', async () => {
    const { cookie } = await signUp(ctx.app);
    const photo = await uploadPhoto(ctx.app, cookie, await makeJpeg({ width: 1200, height: 900 }));
    const webp = await getAs(photo, cookie, { accept: CHROME_ACCEPT });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(varyOf(webp)).toContain('accept');
    expect((await sharp(webp.rawPayload).metadata()).format).toBe('webp');
    for (const accept of ['image/jpeg,*/*', 'image/webp;q=0, image/*', '']) {
      const jpeg = await getAs(photo, cookie, accept ? { accept } : {});
      expect(jpeg.headers['content-type'], accept).toBe('image/jpeg');
      expect(varyOf(jpeg)).toContain('accept');
      expect((await sharp(jpeg.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it(`sends the smallest copy that covers ?w= (${PHOTO_COPY_WIDTHS.join(', ')} px, else the full size), in either format`, async () => {
    const { cookie } = await signUp(ctx.app);
    const photo = await uploadPhoto(ctx.app, cookie, await makeJpeg({ width: 2000, height: 1500 }));
    const cases: [string, Record<string, string>, number, string][] = [
      [`${photo}?w=${CARD_PHOTO_WIDTH}`, { accept: CHROME_ACCEPT }, CARD_PHOTO_WIDTH, 'webp'],
      [`${photo}?w=300`, { accept: 'image/jpeg' }, CARD_PHOTO_WIDTH, 'jpeg'],
      [`${photo}?w=800`, { accept: CHROME_ACCEPT }, LARGE_CARD_WIDTH, 'webp'],
      [`${photo}?w=1200`, { accept: CHROME_ACCEPT }, 1600, 'webp'],
      [photo, {}, 1600, 'jpeg'],
    ];
    for (const [url, headers, width, format] of cases) {
      const response = await getAs(url, cookie, headers);
      expect(response.statusCode, url).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.format], url).toEqual([width, format]);
    }
    const card = await getAs(`${photo}?w=${CARD_PHOTO_WIDTH}`, cookie, { accept: CHROME_ACCEPT });
    const full = await getAs(photo, cookie, { accept: 'image/jpeg' });
    expect(card.rawPayload.length).toBeLessThan(full.rawPayload.length / 3);
  });

  it('refuses a width that is not a whole number with 400, and keeps the copies as private as the photo', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const anotherWoman = await createProfileUser(ctx.app, { gender: 'woman' });
    const photo = woman.photos[0]!;
    for (const w of ['abc', '0', '-5', '1.5']) {
      const response = await getAs(`${photo}?w=${w}`, woman.account.cookie, {});
      expect(response.statusCode, w).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-request', message: expect.any(String), errors: expect.any(Array) });
    }
    for (const headers of [{ accept: CHROME_ACCEPT }, {}]) {
      const refused = await ctx.app.inject({ method: 'GET', url: `${photo}?w=${CARD_PHOTO_WIDTH}`, headers: { cookie: anotherWoman.account.cookie, ...headers } });
      expect(refused.statusCode).toBe(404);
      expect(await ctx.app.inject({ method: 'GET', url: `${photo}?w=${CARD_PHOTO_WIDTH}`, headers })).toMatchObject({ statusCode: 404 });
    }
  });

  it('serves a photo stored before the copies existed as it is, whatever is asked', async () => {
    const { cookie } = await signUp(ctx.app);
    const photo = await uploadPhoto(ctx.app, cookie, await makeJpeg({ width: 1000, height: 800 }));
    const store = new LocalDiskStore(path.join(ctx.config.dataDir, 'objects'));
    for (const variant of PHOTO_VARIANTS) await store.delete(photoVariantKey(photo.slice('/objects/'.length), variant));
    const response = await getAs(`${photo}?w=${CARD_PHOTO_WIDTH}`, cookie, { accept: CHROME_ACCEPT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1000);
  });
});
