import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/test-app';

// A build as scripts/vite-precompress.ts leaves it: hashed assets with .br and .gz beside them.
const SCRIPT = `export const greeting = ${JSON.stringify('namaste '.repeat(400))};\n`;
const SMALL = 'export const x = 1;\n';
const INDEX_HTML = '<!doctype html><html><head><title>Sanga</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'sanga-web-'));
  mkdirSync(path.join(webDistDir, 'assets'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDistDir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(webDistDir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(webDistDir, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(webDistDir, 'assets', 'tiny-Ef56Gh78.js'), SMALL);
  writeFileSync(path.join(webDistDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // The Vite manifest: the shell, and the landing page's lazy chunk with a chunk of its own and one it shares.
  mkdirSync(path.join(webDistDir, '.vite'));
  writeFileSync(
    path.join(webDistDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-2.js'] },
      '_shared-2.js': { file: 'assets/shared-2.js' },
      '_icons-3.js': { file: 'assets/icons-3.js', imports: ['_shared-2.js'] },
      'pages/landing-page.tsx': { file: 'assets/landing-page-4.js', isDynamicEntry: true, imports: ['_icons-3.js', '_shared-2.js'] },
      'pages/match-page.tsx': { file: 'assets/match-page-5.js', isDynamicEntry: true, imports: ['_icons-3.js'] },
      'app/nav-bar.tsx': { file: 'assets/nav-bar-6.js', isDynamicEntry: true, imports: ['_shared-2.js'] },
    }),
  );
  ctx = await createTestContext({ webDistDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('the built web app is served precompressed and cached by its hash', () => {
  it('sends the brotli file to a browser that accepts it, immutable for a year', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    // Only the headers a script obeys: the document's policies would be a kilobyte on each of a visit's files.
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['permissions-policy']).toBeUndefined();
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toContain('camera=(self)');
  });

  it('sends the gzip file to a browser without brotli, and the file itself to one asking for neither', async () => {
    const gzipped = await ctx.app.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves a file below 1 KiB, which has no precompressed copy, whole and immutable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/tiny-Ef56Gh78.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SMALL);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('asks browsers to revalidate index.html and files without a hash', async () => {
    for (const url of ['/', '/guidance', '/robots.txt']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('a first visit does not wait for the shell to learn which screen it needs', () => {
  it('names the screen\'s chunks (not the shell\'s) as modulepreload in the page sent for its path', async () => {
    for (const url of ['/', '/?from=mail']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-page-4.js">');
      expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/icons-3.js">');
      expect(response.body).not.toContain('href="/assets/shared-2.js"');
    }
    const other = await ctx.app.inject({ method: 'GET', url: '/browse' });
    expect(other.body).not.toContain('modulepreload');
  });
});

describe('a member screen opened directly does not wait for the shell to ask for its code and data (issue 34)', () => {
  const id = '0b7d4c1e-3f2a-4b5c-9d8e-1f2a3b4c5d6e';
  it('names the screen\'s chunks, the navigation bar and its first answers for a signed-in request', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/match/${id}`, headers: { cookie: 'sanga_signed_in=1' } });
    expect(response.statusCode).toBe(200);
    for (const link of [
      '<link rel="modulepreload" crossorigin href="/assets/match-page-5.js">',
      '<link rel="modulepreload" crossorigin href="/assets/icons-3.js">',
      '<link rel="modulepreload" crossorigin href="/assets/nav-bar-6.js">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">',
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/match/${id}">`,
    ]) {
      expect(response.body).toContain(link);
    }
    expect(response.body).not.toContain('href="/assets/shared-2.js"');
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('preloads nothing for a visitor, an id that is not one, or a path that is not a member screen', async () => {
    for (const [url, cookie] of [
      [`/match/${id}`, undefined],
      ['/match/%22%3E%3Cscript%3E', 'sanga_signed_in=1'],
      ['/somewhere', 'sanga_signed_in=1'],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(response.body, url).not.toContain('preload');
    }
  });
});
