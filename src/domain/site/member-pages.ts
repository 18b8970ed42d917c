/**
 * The member screens a person often opens straight from the address bar (a bookmark, the installed app's start
 * page, a link in a mail), by path: the file of src/web/pages/ that shows each, and the API answers it asks for
 * first. For a signed-in request the server names them in the page it sends (`<link rel="modulepreload">` and
 * `<link rel="preload" as="fetch">`, server/web-preload.ts), so the screen's code and data download beside the
 * shell instead of one after the other once it has run; and it renders the screen with those answers
 * for the member who asks (server/member-page-html.ts, decision 012). The URLs must be exactly those the app
 * fetches (the browser only reuses a preload for the same URL); src/web/app/member-pages.test.ts checks them
 * against the query keys.
 */

/** Asked on every member screen: who is signed in, the unread badge of the navigation bar, the notices banner. */
export const MEMBER_SHELL_ANSWERS: readonly string[] = ['/api/auth/user', '/api/conversations', '/api/notices'];

/** The first page of /browse (web/features/matches/api/matches.ts: `MATCHES_DEFAULT_LIMIT`, offset 0). */
export const BROWSE_FIRST_PAGE = '/api/matches?limit=50&offset=0';

/** Ids in paths are UUIDs: anything else gets no preload (nothing from the address bar is written into the page unchecked). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MemberPage {
  /** The file of src/web/pages/ (without .tsx). */
  page: string;
  /** The screen's own first answers, beside MEMBER_SHELL_ANSWERS. */
  answers: string[];
  /**
   * An answer the screen asks for once one of the first has come (the match's person: the match's answer names
   * them), named from that answer; undefined when it does not say. The server renders the screen with it too.
   */
  then?: { after: string; answer: (first: unknown) => string | undefined };
}

/** The member screen at `pathname`, or undefined for any other path. */
export function memberPageAt(pathname: string): MemberPage | undefined {
  switch (pathname) {
    case '/browse':
      return { page: 'browse-page', answers: [BROWSE_FIRST_PAGE] };
    case '/messages':
      return { page: 'messages-page', answers: [] };
    case '/introductions':
      return { page: 'introductions-page', answers: ['/api/introductions', '/api/introduction-requests'] };
    case '/profile':
      return { page: 'profile-page', answers: ['/api/profile'] };
    case '/settings':
      return { page: 'settings-page', answers: [] };
  }
  const [, section, id, rest] = pathname.split('/');
  if (rest !== undefined || id === undefined || !UUID.test(id)) return undefined;
  if (section === 'match') {
    const match = `/api/match/${id}`;
    return { page: 'match-page', answers: [match, '/api/introduction-requests'], then: { after: match, answer: matchPersonInfo } };
  }
  if (section === 'conversation') return { page: 'conversation-page', answers: [`/api/user/${id}/info`, `/api/messages/${id}`] };
  return undefined;
}

/** `/api/user/{id}/info` of the person a match's answer (`/api/match/{id}`) is about: the match page's Send message button. */
function matchPersonInfo(match: unknown): string | undefined {
  const userId = (match as { compatibility?: { userId?: unknown } } | null)?.compatibility?.userId;
  return typeof userId === 'string' && UUID.test(userId) ? `/api/user/${userId}/info` : undefined;
}
