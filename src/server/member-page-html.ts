import type { LightMyRequestResponse } from 'fastify';
import type { CurrentUser } from '#domain/accounts/auth';
import { languageInUse, withoutLanguageParam } from '#domain/language/language';
import { MEMBER_SHELL_ANSWERS, memberPageAt } from '#domain/site/member-pages';
import { cookiesHaveSignedInHint } from '#domain/accounts/session-hint';
import type { SiteInfo } from '#domain/site/site-info';
import type { AppInstance } from './app-types';
import { pageLanguage, type FirstVisitHtml, type FirstVisitQueries } from './first-visit-html';
import type { MemberPagePreloads } from './web-preload';

/** Who is signed in: the answer every member screen starts from. */
const CURRENT_USER = '/api/auth/user';

/**
 * A member screen opened straight from the address bar (domain/site/member-pages.ts), sent already rendered with the
 * member's own answers: the screen paints from the HTML, before any script has arrived, and the app
 * hydrates it from the answers the page carries, asking the server for none of them again.
 *
 * The answers are the API's own, asked of this process (`inject`) with the request's cookies, so the page shows
 * exactly what the member's browser would have been answered: the same permissions, the same fields, nothing more.
 * Only when the session is good (who is signed in answers 200); any other answer is left out and the app asks for it.
 * The page is this member's alone: the caller sends it `private, no-store` and keeps no copy.
 */
export async function renderedMemberPage(
  app: AppInstance,
  firstVisitHtml: FirstVisitHtml,
  request: { url: string; cookies: string | undefined; acceptLanguage: string | undefined; ip: string; page: MemberPagePreloads },
  site: SiteInfo,
  latestEventId: () => Promise<number>,
): Promise<string | undefined> {
  // `?lang=` alone (a mailed link's language) is no query: the page is rendered in that language.
  const { url, language: linked } = withoutLanguageParam(request.url);
  const [pathname = '', query] = url.split('?');
  // A query string changes what a screen shows (and tests pass data in it): the app renders those itself.
  if (query !== undefined || !cookiesHaveSignedInHint(request.cookies)) return undefined;
  const member = memberPageAt(pathname);
  // The screen's chunks preloaded; its answers not: the page carries them.
  const page = member && request.page(pathname, request.cookies, { answers: false });
  if (!member || !page) return undefined;
  const ask = (url: string) => app.inject({ method: 'GET', url, remoteAddress: request.ip, headers: request.cookies ? { cookie: request.cookies } : {} });
  const answers: FirstVisitQueries = {};
  const keep = (url: string, answer: LightMyRequestResponse) => {
    if (answer.statusCode !== 200 || !isJson(answer)) return;
    // A page of a list (X-Total-Count) is kept as the app keeps it (web/lib/api-page.ts): its items and the total.
    const total = answer.headers['x-total-count'];
    answers[url] = total === undefined ? answer.json() : { items: answer.json(), total: Number(total) };
  };
  // Read before the answers: a message committed after this point may be missing from them, and the page's event
  // stream asks for every message after it (Last-Event-ID), so one sent while the page loads still shows.
  const lastEventId = await latestEventId();
  const urls = [...MEMBER_SHELL_ANSWERS, ...member.answers];
  const answered = await Promise.all(urls.map(ask));
  urls.forEach((url, index) => keep(url, answered[index]!));
  if (!answers[CURRENT_USER]) return undefined;
  // The answer that needs one of the first (the match's person), so the app does not ask for it as it takes over.
  const then = member.then && answers[member.then.after] !== undefined ? member.then.answer(answers[member.then.after]) : undefined;
  if (then) keep(then, await ask(then));
  // In the member's own language, as the app will show it (domain/language/language.ts languageInUse).
  const language = languageInUse(answers[CURRENT_USER] as CurrentUser, pageLanguage(linked, request));
  return firstVisitHtml.memberPage(page, pathname, language, site, answers, { lastEventId });
}

const isJson = (answer: LightMyRequestResponse) => String(answer.headers['content-type'] ?? '').startsWith('application/json');
