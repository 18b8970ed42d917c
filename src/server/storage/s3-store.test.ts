import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '#server/test/factories';
import { createTestContext, settleJobs, signUp, type TestContext } from '#server/test/test-app';
import { S3Store } from './s3-store';

/** 20261123T034855Z → the Date it names. */
const parseAmzDate = (value: string) =>
  new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`);

/** Counts reads of raw uploads, to show that an oversized one is refused without being read. */
class CountingS3Store extends S3Store {
  incomingReads = 0;
  override get(key: string, maxBytes?: number) {
    if (key.startsWith('incoming/')) this.incomingReads += 1;
    return super.get(key, maxBytes);
  }
}

/** A real S3-compatible server (s3rver) on loopback: the S3 path is exercised over HTTP, not faked. */
let s3: S3rver;
let s3Dir: string;
let store: CountingS3Store;
let ctx: TestContext;

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'sanga-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'sanga-photos', configs: [] }] });
  const address = (await s3.run()) as AddressInfo;
  store = new CountingS3Store({
    bucket: 'sanga-photos',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  ctx = await createTestContext({}, { objectStore: store });
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** An upload link for a body of `size` bytes (the length is signed into the link). */
async function presignedTicket(cookie: string, size: number): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size } });
  expect(response.statusCode).toBe(200);
  const { uploadURL } = response.json<{ uploadURL: string }>();
  expect(uploadURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sanga-photos\/incoming\/[0-9a-f-]{36}\?.*X-Amz-Signature=/);
  return uploadURL;
}

const register = (cookie: string, photoURL: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/profile-photos', headers: { cookie }, payload: { photoURL } });

describe('photos in an S3-compatible bucket', () => {
  it('stores, reads and deletes objects', async () => {
    await store.put('test/one.txt', Buffer.from('hello'), 'text/plain');
    expect((await store.get('test/one.txt'))?.toString()).toBe('hello');
    await store.delete('test/one.txt');
    expect(await store.get('test/one.txt')).toBeNull();
  });

  it('takes a browser upload through a presigned URL, then processes it on registration: GPS gone', async () => {
    const { cookie } = await signUp(ctx.app);
    const photo = await makeJpeg({ gps: true, width: 2400, height: 1200 });
    const uploadURL = await presignedTicket(cookie, photo.length);
    const put = await fetch(uploadURL, { method: 'PUT', body: photo, headers: { 'Content-Type': 'image/jpeg' } });
    expect(put.ok).toBe(true);

    const registered = await register(cookie, uploadURL);
    expect(registered.statusCode).toBe(200);
    const { objectPath } = registered.json<{ objectPath: string }>();
    const served = await ctx.app.inject({ method: 'GET', url: objectPath, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([1600, 800, 'jpeg', undefined]);
    // The raw upload is gone from the bucket; registering again answers the same path.
    expect(await store.get(new URL(uploadURL).pathname.replace('/sanga-photos/', ''))).toBeNull();
    expect((await register(cookie, uploadURL)).json()).toEqual({ objectPath });
  });

  it("refuses another user's upload, an unfinished one, a non-image (415) and one over 10 MB (413)", async () => {
    const alice = await signUp(ctx.app);
    const bob = await signUp(ctx.app);

    const photo = await makeJpeg();
    const unfinished = await presignedTicket(alice.cookie, photo.length);
    expect((await register(alice.cookie, unfinished)).statusCode).toBe(403);
    await fetch(unfinished, { method: 'PUT', body: photo, headers: { 'Content-Type': 'image/jpeg' } });
    expect((await register(bob.cookie, unfinished)).statusCode).toBe(403);

    const text = await presignedTicket(alice.cookie, 'not a photo at all'.length);
    await fetch(text, { method: 'PUT', body: 'not a photo at all', headers: { 'Content-Type': 'image/jpeg' } });
    expect((await register(alice.cookie, text)).statusCode).toBe(415);

    // A bucket that does not check the signed length (s3rver does not) still gets the 413 at registration.
    const huge = await presignedTicket(alice.cookie, 1000);
    await fetch(huge, { method: 'PUT', body: Buffer.alloc(10 * 1024 * 1024 + 1, 7), headers: { 'Content-Type': 'image/jpeg' } });
    expect((await register(alice.cookie, huge)).statusCode).toBe(413);
  });

  it('refuses an upload over 10 MB from HeadObject, without reading it, and deletes it (security review finding 4)', async () => {
    const { cookie } = await signUp(ctx.app);
    const huge = await presignedTicket(cookie, 1000);
    // s3rver accepts any size whatever the signature says: the refusal then happens at registration.
    expect((await fetch(huge, { method: 'PUT', body: Buffer.alloc(12 * 1024 * 1024, 7), headers: { 'Content-Type': 'image/jpeg' } })).ok).toBe(true);
    store.incomingReads = 0;
    const response = await register(cookie, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The photo is larger than 10 MB');
    expect(store.incomingReads).toBe(0);
    expect(await store.size(new URL(huge).pathname.replace('/sanga-photos/', ''))).toBeNull();
  });

  it('reads with a byte cap: an object over the cap is a 413, not a buffer in memory', async () => {
    await store.put('test/capped.bin', Buffer.alloc(64 * 1024, 1), 'application/octet-stream');
    await expect(store.get('test/capped.bin', 1024)).rejects.toMatchObject({ statusCode: 413 });
    expect((await store.get('test/capped.bin', 64 * 1024))?.length).toBe(64 * 1024);
    await store.delete('test/capped.bin');
  });

  it('signs the exact length into the upload link, needs the size, and refuses over 10 MB before making a link (security review finding 4)', async () => {
    const { cookie } = await signUp(ctx.app);
    const url = new URL(await presignedTicket(cookie, 12_345));
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    // The signature is the one for a request of exactly 12,345 bytes, and not for any other length: what a
    // real bucket checks (s3rver does not check signatures, so the bucket's refusal itself is not shown here).
    const client = new S3Client({ region: 'us-east-1', endpoint: url.origin, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    const signedFor = async (length: number) => {
      const again = await getSignedUrl(client, new PutObjectCommand({ Bucket: 'sanga-photos', Key: url.pathname.replace('/sanga-photos/', ''), ContentLength: length }), {
        expiresIn: Number(url.searchParams.get('X-Amz-Expires')),
        signingDate: parseAmzDate(url.searchParams.get('X-Amz-Date')!),
        signableHeaders: new Set(['content-length']),
      });
      return new URL(again).searchParams.get('X-Amz-Signature');
    };
    expect(await signedFor(12_345)).toBe(url.searchParams.get('X-Amz-Signature'));
    expect(await signedFor(300 * 1024 * 1024)).not.toBe(url.searchParams.get('X-Amz-Signature'));

    const noSize = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie } });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().errors).toEqual([{ path: 'size', code: 'photoSizeRequired', message: 'The size of the photo is required' }]);
    const tooBig = await ctx.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie }, payload: { size: 10 * 1024 * 1024 + 1 } });
    expect(tooBig.statusCode).toBe(413);
  });

  it('allows the bucket origin in the Content-Security-Policy for direct uploads', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${store.uploadOrigin}`);
  });

  it('deleting an account deletes its photos from the bucket, and the raw upload of a ticket never registered', async () => {
    const { cookie, password } = await signUp(ctx.app);
    const photo = await makeJpeg();
    const uploadURL = await presignedTicket(cookie, photo.length);
    await fetch(uploadURL, { method: 'PUT', body: photo, headers: { 'Content-Type': 'image/jpeg' } });
    const { objectPath } = (await register(cookie, uploadURL)).json<{ objectPath: string }>();
    const leftOver = await presignedTicket(cookie, photo.length);
    await fetch(leftOver, { method: 'PUT', body: photo, headers: { 'Content-Type': 'image/jpeg' } });
    const photoKey = objectPath.slice('/objects/'.length);
    const rawKey = new URL(leftOver).pathname.replace('/sanga-photos/', '');
    expect(await store.get(photoKey)).not.toBeNull();
    expect(await store.get(rawKey)).not.toBeNull();

    const deleted = await ctx.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload: { password } });
    expect(deleted.statusCode).toBe(204);
    await settleJobs(ctx.app);
    expect(await store.get(photoKey)).toBeNull();
    expect(await store.get(rawKey)).toBeNull();
  });
});
