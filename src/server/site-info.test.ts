import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSiteInfo } from '#domain/site/site-info';
import { createTestContext, type TestContext } from './test/test-app';

const INDEX_HTML = '<!doctype html><html><head><title>Sanga</title></head><body><div id="root"></div></body></html>';

let ctx: TestContext;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'sanga-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({
    webDistDir,
    // A name that tries to close the script: it must stay inside the JSON.
    site: { ...defaultSiteInfo, ministryUrl: 'https://ministry.example.org', ministryName: 'Temple </script><b>x', contactEmail: 'care@example.org' },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('index.html carries the footer details of this deployment', () => {
  it.each(['/', '/guidance', '/matches?page=2'])('GET %s has the site JSON in the head', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const match = /<script id="sanga-site" type="application\/json">(.*?)<\/script>\s*<\/head>/.exec(response.body);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toMatchObject({ ministryUrl: 'https://ministry.example.org', ministryName: 'Temple </script><b>x', contactEmail: 'care@example.org' });
    expect(response.body).not.toContain('<b>x');
  });
});
