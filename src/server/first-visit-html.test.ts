import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FirstVisitHtml } from './first-visit-html';

const site = { ministryUrl: null, ministryName: null, contactEmail: 'care@example.org' };
const page = '<html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A web build folder, with a server-render bundle beside it when `bundle` is given (its module text). */
function webBuild(bundle?: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sanga-first-visit-'));
  folders.push(folder);
  const web = path.join(folder, 'web');
  mkdirSync(web);
  if (bundle !== undefined) {
    mkdirSync(`${web}-ssr`);
    writeFileSync(path.join(`${web}-ssr`, 'prerender.js'), bundle);
  }
  return web;
}

const renderer = `export async function renderFirstVisit(path, language, site) {
  if (path === '/broken') throw new Error('boom');
  return '<h1>' + path + ' in ' + language + ' for ' + site.contactEmail + '</h1>';
}`;

function firstVisitHtml(webDistDir: string) {
  return new FirstVisitHtml({ webDistDir, pages: new Map([['/', page], ['/login', page], ['/broken', page]]), site, log: pino({ level: 'silent' }) });
}

describe('FirstVisitHtml: which visitor gets a server-rendered page', () => {
  it('puts the screen into #root for a visitor, in the language of the cookie, its scripts at low priority', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    const english = await html.page('/login', undefined);
    expect(english).toContain('<div id="root" data-server-render="en"><h1>/login in en for care@example.org</h1></div>');
    expect(english).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index.js">');
    const spanish = await html.page('/', 'theme=dark; sanga_language=es');
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<h1>/ in es for care@example.org</h1>');
  });

  it('sends the page as it is to a member, for a URL with a query, and when the render fails', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    expect(await html.page('/', 'sanga_signed_in=1')).toBe(page);
    expect(await html.page('/login?mode=signup', undefined)).toBe(page);
    expect(await html.page('/broken', undefined)).toBe(page);
    expect(await html.page('/not-a-first-visit-page', undefined)).toBeUndefined();
  });

  it('sends the page as it is when the build has no server-render bundle', async () => {
    expect(await firstVisitHtml(webBuild()).page('/', undefined)).toBe(page);
  });
});
