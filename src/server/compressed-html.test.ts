import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CompressedHtml } from './compressed-html';

const html = `<!doctype html><html><body>${'<p>Sanga, the same words again and again.</p>'.repeat(200)}</body></html>`;
const app = Fastify();
const page = await CompressedHtml.of(html);
app.get('/', async (request, reply) => page.send(request, reply.header('Vary', 'Cookie')));
afterAll(() => app.close());

describe('CompressedHtml', () => {
  it('sends brotli or gzip as the browser asks, the same page either way', async () => {
    const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(html.length / 10);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(html);
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
    // Caches keep one copy per encoding, beside the reasons the page already varies.
    expect(gzip.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(gzip.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends the page as it is to a client that asks for no encoding', async () => {
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
    expect((await app.inject({ url: '/' })).body).toBe(html);
  });
});
