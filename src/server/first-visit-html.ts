import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { languageFromCookies, languageFromPreferences, languages, manifestHref, withoutLanguageParam, type Language } from '#domain/language/language';
import { cookiesHaveSignedInHint } from '#domain/accounts/session-hint';
import type { SiteInfo } from '#domain/site/site-info';
import { jsonScriptElement, withScriptsAfterFirstPaint } from './scripts-after-first-paint';

/** Answers a screen is rendered with, by API path (the query key the app asks them under). */
export type FirstVisitQueries = Record<string, unknown>;

/**
 * A page rendered for a signed-in member: `lastEventId` is the event stream's position (the highest message seq)
 * read before the page's answers, so a message committed after them is replayed when the page's stream opens.
 */
export interface RenderedFor {
  lastEventId: number;
}

type RenderFirstVisit = (path: string, language: Language, site: SiteInfo, queries?: FirstVisitQueries) => Promise<string>;

/** What of a page request decides its language: the cookies (the stored choice) and Accept-Language. */
export interface PageRequestHeaders {
  cookies: string | undefined;
  acceptLanguage: string | undefined;
}

/**
 * The language a page is rendered in, as the app will choose it in the browser (web/i18n/setup.ts): the language a
 * mailed link names, else the visitor's stored choice (the cookie), else the first of ours their browser asks for
 * (Accept-Language: a Spanish browser sees Spanish on its first visit), else English.
 */
export function pageLanguage(linked: Language | undefined, headers: PageRequestHeaders): Language {
  return linked ?? languageFromCookies(headers.cookies) ?? languageFromPreferences(headers.acceptLanguage) ?? 'en';
}

/** The empty mount point of index.html, which a server render fills. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * A visitor's first page with the screen already in it: the build's server-render bundle
 * (web/prerender.tsx, built into `<webDistDir>-ssr` by scripts/vite-server-render.ts) renders each first-visit
 * screen once per language; the HTML paints before any JavaScript arrives and the app hydrates it (web/main.tsx).
 *
 * Only for a visitor as the render assumed one: no signed-in hint (a member's page differs from the first
 * moment) and no query string (it changes what some screens show, and would make every URL a page to keep).
 * Anyone else gets the page as before, and the app renders it in the browser. A build without the bundle, or a
 * render that fails, does the same: the render is a speed-up, never a condition.
 *
 * A screen that shows data to visitors (the Guidance list: its photos are the page's largest paint) is rendered
 * with it: `queriesFor` reads the answers at each request, the page carries them for the app to start from, and
 * the render is kept per answer, so an approval or a removal shows at the next visit on every process.
 */
export class FirstVisitHtml {
  private renderer: Promise<RenderFirstVisit | undefined> | undefined;
  private readonly assets = new Map<string, string | undefined>();
  /** Per language and path: the latest render and the answers it was made with. */
  private readonly renderedPages = new Map<string, { answers: string; site: string; html: Promise<string | undefined> }>();

  constructor(
    private readonly options: {
      webDistDir: string;
      /** Each first-visit path's index.html (with its preloads): the page the render goes into. */
      pages: Map<string, string>;
      /** The site information at this moment (the admin may change it): a change renders the pages again. */
      siteInfo: () => Promise<SiteInfo>;
      log: FastifyBaseLogger;
      /** The answers a path's screen shows a visitor, read at each request; undefined for a screen with none. */
      queriesFor?: (pathname: string) => Promise<FirstVisitQueries | undefined>;
    },
  ) {}

  /**
   * The page to send for `url`, or undefined when it is not a first-visit page. `?lang=` alone (a mailed link's
   * language) is no query: the page is rendered in that language, as the app will show it (pageLanguage).
   */
  async page(url: string, headers: PageRequestHeaders, site?: SiteInfo): Promise<string | undefined> {
    const { url: rest, language: linked } = withoutLanguageParam(url);
    const [pathname, query] = rest.split('?') as [string, string | undefined];
    const page = this.options.pages.get(pathname);
    if (page === undefined) return undefined;
    if (query !== undefined || cookiesHaveSignedInHint(headers.cookies)) return page;
    return (await this.rendered(pathname, page, pageLanguage(linked, headers), site)) ?? page;
  }

  /**
   * A member screen rendered for one signed-in member with their own answers (server/member-page-html.ts): made at
   * each request and never kept, since it holds that member's data. Undefined when it cannot be rendered (no bundle,
   * a render that fails): the caller then sends the page without it.
   */
  memberPage(page: string, pathname: string, language: Language, site: SiteInfo, answers: FirstVisitQueries, member: RenderedFor): Promise<string | undefined> {
    return this.renderInto(page, pathname, language, site, { queries: answers, json: JSON.stringify(answers) }, member);
  }

  /** Renders every page in every language, so no visitor waits for a first render (called after start). */
  async warmUp(): Promise<void> {
    for (const [pathname, page] of this.options.pages) for (const language of languages) await this.rendered(pathname, page, language);
  }

  /** `page` with its screen rendered in, made once per path, language and answers; undefined when it cannot be. */
  private async rendered(pathname: string, page: string, language: Language, knownSite?: SiteInfo): Promise<string | undefined> {
    let queries: FirstVisitQueries | undefined;
    let site: SiteInfo;
    try {
      site = knownSite ?? (await this.options.siteInfo());
      queries = await this.options.queriesFor?.(pathname);
    } catch (error) {
      this.options.log.error({ err: error, path: pathname }, 'could not read the answers or site information of a first-visit page: the page is sent without its render');
      return undefined;
    }
    const answers = queries ? JSON.stringify(queries) : '';
    const key = `${language}:${pathname}`;
    const kept = this.renderedPages.get(key);
    // Kept per answers and site information: a changed testimonial or footer renders the page again.
    const siteJson = JSON.stringify(site);
    if (kept?.answers === answers && kept.site === siteJson) return kept.html;
    const html = this.renderInto(page, pathname, language, site, { queries, json: answers }, undefined);
    this.renderedPages.set(key, { answers, site: siteJson, html });
    return html;
  }

  /** `page` with `pathname`'s screen rendered in from the answers (and their JSON); undefined without the bundle or when the render fails. */
  private async renderInto(
    page: string,
    pathname: string,
    language: Language,
    site: SiteInfo,
    answers: { queries: FirstVisitQueries | undefined; json: string },
    forMember: RenderedFor | undefined,
  ): Promise<string | undefined> {
    const render = await this.loadRenderer();
    if (!render) return undefined;
    try {
      const markup = await render(pathname, language, site, answers.queries);
      return withMarkup(page, language, markup, answers.json, (file) => this.readAsset(file), forMember);
    } catch (error) {
      this.options.log.error({ err: error, path: pathname, language, forMember: forMember !== undefined }, 'server render failed: the page is sent without it');
      return undefined;
    }
  }

  /** A file of the build (its stylesheet), read once; undefined when it is not there. */
  private readAsset(relativePath: string): string | undefined {
    if (!this.assets.has(relativePath)) {
      const file = path.join(this.options.webDistDir, relativePath);
      this.assets.set(relativePath, existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    }
    return this.assets.get(relativePath);
  }

  private loadRenderer(): Promise<RenderFirstVisit | undefined> {
    this.renderer ??= (async () => {
      const file = path.join(`${this.options.webDistDir}-ssr`, 'prerender.js');
      if (!existsSync(file)) return undefined;
      try {
        const module = (await import(pathToFileURL(file).href)) as { renderFirstVisit: RenderFirstVisit };
        return module.renderFirstVisit;
      } catch (error) {
        this.options.log.error({ err: error }, 'could not load the server-render bundle: pages are sent without it');
        return undefined;
      }
    })();
    return this.renderer;
  }
}

/**
 * index.html with the screen's markup in #root, in its language, with the answers it shows (JSON, not run: the
 * app reads it, web/main.tsx), its stylesheet inline and its scripts started once it has painted.
 */
function withMarkup(
  page: string,
  language: Language,
  markup: string,
  answers: string,
  readAsset: (relativePath: string) => string | undefined,
  forMember: RenderedFor | undefined,
): string {
  const data = answers ? jsonScriptElement('sanga-data', answers) : '';
  // data-member: rendered for the signed-in member, so the app hydrates it with the signed-in hint present (main.tsx).
  // data-last-event-id: where the answers were read; the app's event stream resumes from there (live-event-stream.tsx).
  const member = forMember ? ` data-member="1" data-last-event-id="${forMember.lastEventId}"` : '';
  return withScriptsAfterFirstPaint(
    withStylesheetsInline(page, readAsset)
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(MANIFEST_LINK, `$1${manifestHref[language]}$2`)
      .replace(EMPTY_ROOT, () => `<div id="root" data-server-render="${language}"${member}>${markup}</div>${data}`),
  );
}

/** index.html's manifest link, pointed at the manifest of the page's language. */
const MANIFEST_LINK = /(<link rel="manifest" href=")[^"]*(")/;

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * `page` with its stylesheets in <style> elements (read with `readAsset`, a path under the build folder): the page
 * paints as soon as its HTML has arrived, one round trip sooner, and so its scripts start sooner too. A sheet
 * that cannot be read stays a link.
 */
function withStylesheetsInline(page: string, readAsset: (relativePath: string) => string | undefined): string {
  return page.replace(STYLESHEET, (link, file: string) => {
    const css = readAsset(file);
    // "</" cannot end a <style> element early in a stylesheet the build made, but a stray one is escaped anyway.
    return css === undefined ? link : `<style>${css.replaceAll('</', '<\\/')}</style>`;
  });
}
