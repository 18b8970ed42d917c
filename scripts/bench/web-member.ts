// The signed-in half of `npm run bench:web`: the README's seeded app (`npm run seed -- --profiles N`), the demo
// member signed in through the API, his session put into the benchmark's Chromium (Lighthouse never clears cookies,
// so every run, first visit or repeat, is signed in), and the ids of a match and a conversation of his.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const DEMO_EMAIL = 'demo@sanga.local';
const DEMO_PASSWORD = 'sanga-demo-password';

/** The member screens rendered on the server; `/match` and `/conversation` are given an id of the demo member's. */
export const MEMBER_PAGES = ['/browse', '/match', '/messages', '/conversation', '/introductions', '/profile'];

/** Runs `npm run seed -- --profiles N` on the benchmark's data (the server must not be running: PGlite is one process's). */
export function seedApp(env: Record<string, string>, profiles: number): void {
  const seed = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/seed.ts'), '--profiles', String(profiles)], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error(`npm run seed failed (${seed.status})`);
}

export interface MemberSession {
  /** name=value pairs the server set at sign-in (the httpOnly session and the readable signed-in hint). */
  cookies: { name: string; value: string; httpOnly: boolean }[];
  cookieHeader: string;
}

/** Signs the demo member in through POST /api/auth/login, as the sign-in form does. */
export async function signInDemo(baseUrl: string): Promise<MemberSession> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in as ${DEMO_EMAIL} answered ${response.status}: is the app seeded?`);
  const cookies = response.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), httpOnly: attributes.some((a) => a.trim().toLowerCase() === 'httponly') };
  });
  return { cookies, cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** The paths to measure: `/match` becomes the first match's page, `/conversation` the newest conversation's. */
export async function memberPaths(baseUrl: string, session: MemberSession, pages: string[]): Promise<string[]> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie: session.cookieHeader } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const paths: string[] = [];
  for (const page of pages) {
    if (page === '/match') {
      const matches = await get<{ profileId: string }[]>('/api/matches?limit=1');
      if (!matches[0]) throw new Error('the demo member has no match');
      paths.push(`/match/${matches[0].profileId}`);
    } else if (page === '/conversation') {
      const conversations = await get<{ otherUserId: string }[]>('/api/conversations');
      const otherUserId = conversations[0]?.otherUserId ?? (await startConversation(baseUrl, session, get));
      paths.push(`/conversation/${otherUserId}`);
    } else {
      paths.push(page);
    }
  }
  return paths;
}

/**
 * The seed's introduction notes are written as bare messages, not conversations, so the demo member's Messages
 * starts empty: he writes a few lines to the first match he may write to, as he would from the match's page.
 */
async function startConversation(baseUrl: string, session: MemberSession, get: <T>(url: string) => Promise<T>): Promise<string> {
  for (const match of await get<{ profileId: string }[]>('/api/matches?limit=20')) {
    const { compatibility } = await get<{ compatibility: { userId: string } }>(`/api/match/${match.profileId}`);
    if (!(await get<{ mayWrite: boolean }>(`/api/user/${compatibility.userId}/info`)).mayWrite) continue;
    for (const content of ['Namaste! Your profile speaks of seva at the temple kitchen; I help there on Sundays too.', 'Would you like to talk about it?', 'Hare Krishna 🙏']) {
      const response = await fetch(`${baseUrl}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookieHeader },
        body: JSON.stringify({ receiverId: compatibility.userId, content }),
      });
      if (!response.ok) throw new Error(`POST /api/messages answered ${response.status}`);
    }
    return compatibility.userId;
  }
  throw new Error('the demo member may write to none of his first 20 matches');
}

/** Puts the session's cookies into the browser on `port` (the Chrome DevTools Protocol, browser target). */
export async function setBrowserCookies(port: number, baseUrl: string, session: MemberSession): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('could not reach the browser')), { once: true });
  });
  try {
    const answer = new Promise<{ error?: { message: string } }>((resolve) => {
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data)) as { error?: { message: string } }), { once: true });
    });
    const cookies = session.cookies.map((cookie) => ({ ...cookie, url: baseUrl, path: '/' }));
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } }));
    const result = await answer;
    if (result.error) throw new Error(`Storage.setCookies: ${result.error.message}`);
  } finally {
    socket.close();
  }
}
