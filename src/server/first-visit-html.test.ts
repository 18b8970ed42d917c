import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FirstVisitHtml } from './first-visit-html';

import { defaultSiteInfo, type SiteInfo } from '#domain/site/site-info';

let site: SiteInfo = { ...defaultSiteInfo, contactEmail: 'care@example.org' };
const page =
  '<html lang="en"><head><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shell.js">\n<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>';
const folders: string[] = [];
/** A visitor's request: no cookie, no Accept-Language. */
const visitor = { cookies: undefined, acceptLanguage: undefined };
const withCookies = (cookies: string) => ({ cookies, acceptLanguage: undefined });
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A web build folder, with a server-render bundle beside it when `bundle` is given (its module text). */
function webBuild(bundle?: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sanga-first-visit-'));
  folders.push(folder);
  const web = path.join(folder, 'web');
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'assets', 'index.css'), 'body{color:#222}');
  if (bundle !== undefined) {
    mkdirSync(`${web}-ssr`);
    writeFileSync(path.join(`${web}-ssr`, 'prerender.js'), bundle);
  }
  return web;
}

const renderer = `globalThis.rendersDone = 0;
export async function renderFirstVisit(path, language, site, queries) {
  if (path === '/broken') throw new Error('boom');
  globalThis.rendersDone++;
  return '<h1>' + path + ' in ' + language + ' for ' + site.contactEmail + '</h1>' + (queries ? '<p>' + queries['/api/list'].length + ' shown</p>' : '');
}`;
const rendersDone = () => (globalThis as { rendersDone?: number }).rendersDone ?? 0;

function firstVisitHtml(webDistDir: string, queriesFor?: (pathname: string) => Promise<Record<string, unknown> | undefined>) {
  return new FirstVisitHtml({
    webDistDir,
    pages: new Map([['/', page], ['/login', page], ['/broken', page], ['/list', page]]),
    siteInfo: async () => site,
    log: pino({ level: 'silent' }),
    queriesFor,
  });
}

describe('FirstVisitHtml: which visitor gets a server-rendered page', () => {
  it('puts the screen into #root for a visitor, in the language of the cookie, its scripts started after it paints', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    const english = await html.page('/login', visitor);
    expect(english).toContain('<div id="root" data-server-render="en"><h1>/login in en for care@example.org</h1></div>');
    // No tag the browser would fetch before the first paint; the list for the inline starter instead.
    expect(english).not.toContain('<script type="module"');
    expect(english).not.toContain('modulepreload" crossorigin href');
    // The stylesheet inside the page: it paints as soon as the HTML is there.
    expect(english).toContain('<style>body{color:#222}</style>');
    expect(english).not.toContain('rel="stylesheet"');
    expect(english).toContain('<script type="application/json" id="sanga-scripts">{"entry":"/assets/index.js","preload":["/assets/shell.js"]}</script>');
    const spanish = await html.page('/', withCookies('theme=dark; sanga_language=es'));
    expect(spanish).toContain('<html lang="es">');
    expect(spanish).toContain('<h1>/ in es for care@example.org</h1>');
  });

  it('renders in the language a mailed link names (?lang= alone is no query), else the cookie, else Accept-Language', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    // A Spanish browser's first visit, with no choice stored: Spanish.
    const browser = await html.page('/login', { cookies: undefined, acceptLanguage: 'es-419,es;q=0.9,en;q=0.8' });
    expect(browser).toContain('<html lang="es">');
    expect(browser).toContain('<h1>/login in es for care@example.org</h1>');
    expect(await html.page('/login', { cookies: undefined, acceptLanguage: 'fr-FR, de' })).toContain('<h1>/login in en');
    // A choice stored before wins over the browser's language.
    expect(await html.page('/login', { cookies: 'sanga_language=en', acceptLanguage: 'es' })).toContain('<h1>/login in en');
    // A mailed link's language wins over both, and the page is still rendered.
    expect(await html.page('/login?lang=es', { cookies: 'sanga_language=en', acceptLanguage: 'en' })).toContain('<h1>/login in es');
    expect(await html.page('/?lang=en', { cookies: 'sanga_language=es', acceptLanguage: 'es' })).toContain('<h1>/ in en');
    // With anything else in the query the page is sent as it is, as before.
    expect(await html.page('/login?mode=signup&lang=es', visitor)).toBe(page);
  });

  it('links the web app manifest of the page’s language', async () => {
    const withManifest = page.replace('</head>', '<link rel="manifest" href="/manifest.webmanifest" /></head>');
    const html = new FirstVisitHtml({ webDistDir: webBuild(renderer), pages: new Map([['/', withManifest]]), siteInfo: async () => site, log: pino({ level: 'silent' }) });
    expect(await html.page('/', withCookies('sanga_language=es'))).toContain('<link rel="manifest" href="/manifest.es.webmanifest" />');
    expect(await html.page('/', visitor)).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('sends the page as it is to a member, for a URL with a query, and when the render fails', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    expect(await html.page('/', withCookies('sanga_signed_in=1'))).toBe(page);
    expect(await html.page('/login?mode=signup', visitor)).toBe(page);
    expect(await html.page('/broken', visitor)).toBe(page);
    expect(await html.page('/not-a-first-visit-page', visitor)).toBeUndefined();
  });

  it('sends the page as it is when the build has no server-render bundle', async () => {
    expect(await firstVisitHtml(webBuild()).page('/', visitor)).toBe(page);
  });

  it('renders a screen with the answers it shows, carries them in the page, and renders again only when they change', async () => {
    let items: string[] = ['Radha', '</script><script>alert(1)</script>'];
    const html = firstVisitHtml(webBuild(renderer), async (pathname) => (pathname === '/list' ? { '/api/list': items } : undefined));
    const before = rendersDone();
    const first = await html.page('/list', visitor);
    expect(first).toContain('<p>2 shown</p>');
    // The answers as JSON the app reads; "<" escaped, so a name cannot close the element and run a script.
    expect(first).toContain('<script type="application/json" id="sanga-data">{"/api/list":["Radha","\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"]}</script>');
    expect(await html.page('/list', visitor)).toBe(first);
    expect(rendersDone()).toBe(before + 1);
    items = ['Radha'];
    expect(await html.page('/list', visitor)).toContain('<p>1 shown</p>');
    expect(rendersDone()).toBe(before + 2);
    // A screen without answers carries none.
    expect(await html.page('/', visitor)).not.toContain('sanga-data');
  });

  it('renders again when the site information changes (the admin saved new site content, issue 31.6)', async () => {
    const html = firstVisitHtml(webBuild(renderer));
    expect(await html.page('/', visitor)).toContain('for care@example.org');
    const before = rendersDone();
    expect(await html.page('/', visitor)).toContain('for care@example.org');
    expect(rendersDone()).toBe(before);
    const kept = site;
    site = { ...site, contactEmail: 'temple@example.org' };
    try {
      expect(await html.page('/', visitor)).toContain('for temple@example.org');
      expect(rendersDone()).toBe(before + 1);
    } finally {
      site = kept;
    }
  });

  it('sends the page without its render when its answers cannot be read', async () => {
    const html = firstVisitHtml(webBuild(renderer), async () => {
      throw new Error('database down');
    });
    expect(await html.page('/list', visitor)).toBe(page);
  });
});
