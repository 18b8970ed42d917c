import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { withSiteInfo, type SiteInfo } from '#domain/site/site-info';
import type { AppInstance } from './app-types';
import { CompressedHtml } from './compressed-html';
import { notFound } from './errors';
import { FirstVisitHtml, type FirstVisitQueries } from './first-visit-html';
import { renderedMemberPage } from './member-page-html';
import { memberPagePreloads, pagesWithPreloads } from './web-preload';

/**
 * The web app's room on the server: the built files (dist/web) with their caching, and every other non-API path
 * answered with the first-visit HTML (first-visit-html.ts: the page rendered for the visitor, in their language, with
 * the site's information) or index.html, compressed once per page. An unknown /api/ path is the JSON 404.
 */

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-request-id',
];

/** Serves the built SPA: hashed assets cached for good, index.html for every other non-API path. */
export async function registerWebApp(
  app: AppInstance,
  distDir: string,
  siteInfo: () => Promise<SiteInfo>,
  queriesFor: (pathname: string) => Promise<FirstVisitQueries | undefined>,
  /** The event stream's position now (the highest message seq): a member page carries where its answers were read. */
  latestEventId: () => Promise<number>,
) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // Read once; each page sent carries this deployment's site information (footer, testimonials...) from first paint.
  const indexHtml = hasWebApp ? readFileSync(indexFile, 'utf8') : '';
  const firstVisitPages = hasWebApp ? pagesWithPreloads(distDir, indexHtml) : new Map<string, string>();
  const firstVisitHtml = new FirstVisitHtml({ webDistDir: distDir, pages: firstVisitPages, siteInfo, log: app.log, queriesFor });
  const memberPage = hasWebApp ? memberPagePreloads(distDir, indexHtml) : () => undefined;
  // Rendered before the first visitor asks (a few hundred ms of work in the background once started).
  if (firstVisitPages.size > 0) app.addHook('onReady', async () => void firstVisitHtml.warmUp());
  if (hasWebApp) {
    // A script, stylesheet or icon of the build is never a document, so the policies that only a document obeys
    // (the CSP, framing, the Permissions-Policy…) would only add a kilobyte of headers to each of the ~25 files of a
    // first visit (HTTP/1.1 repeats them uncompressed). nosniff and the resource policy stay.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts): sent as they are, with
      // Vary: Accept-Encoding, at maximum compression and no per-request cost; @fastify/compress leaves them be.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Each page compressed once (there are a few dozen: paths × languages, and the Guidance page per list).
  const compressedPages = new Map<string, Promise<CompressedHtml>>();
  const compressedPage = (html: string) => {
    let page = compressedPages.get(html);
    if (!page) {
      page = CompressedHtml.of(html);
      compressedPages.set(html, page);
      if (compressedPages.size > 100) compressedPages.delete(compressedPages.keys().next().value!);
    }
    return page;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/objects/');
    // A sign-in form sent natively, before the app took over a server-rendered page (its forms say method="post"):
    // back to the page, the fields dropped unread, to be sent again by the app.
    if (!isApi && request.method === 'POST' && firstVisitPages.has(request.url.split('?')[0]!)) return reply.redirect(request.url, 303);
    if (isApi || !hasWebApp || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw notFound('route-not-found', `Route ${request.method} ${request.url.split('?')[0]} not found`);
    }
    reply.header('Cache-Control', 'no-cache');
    // A first-visit page is rendered for a visitor in their language (first-visit-html.ts): their stored choice
    // (a cookie) or, on a first visit, their browser's (Accept-Language).
    reply.header('Vary', 'Cookie, Accept-Language');
    const headers = { cookies: request.headers.cookie, acceptLanguage: request.headers['accept-language'] };
    const site = await siteInfo();
    const [pathname = ''] = request.url.split('?');
    const forMember = await renderedMemberPage(app, firstVisitHtml, { url: request.url, ...headers, ip: request.ip, page: memberPage }, site, latestEventId);
    if (forMember) {
      // This member's own data: never kept by a cache, never compressed into the shared pages' store.
      reply.header('Cache-Control', 'private, no-store');
      return CompressedHtml.sendOnce(withSiteInfo(forMember, site), request, reply);
    }
    const page = (await firstVisitHtml.page(request.url, headers, site)) ?? memberPage(pathname, request.headers.cookie) ?? indexHtml;
    const html = withSiteInfo(page, site);
    return (await compressedPage(html)).send(request, reply);
  });
}
