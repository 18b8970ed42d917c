import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VISIT_PAGES } from '#domain/site/first-visit-pages';
import { MEMBER_SHELL_ANSWERS, memberPageAt } from '#domain/site/member-pages';
import { cookiesHaveSignedInHint } from '#domain/accounts/session-hint';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * For each first-visit path, the index.html to send: with `<link rel="modulepreload">` for its screen's chunk and
 * the chunks that chunk imports (those the shell does not already preload), read from the build's Vite manifest.
 * Without them the browser would learn of the screen only once the shell had run: one more round trip before the
 * page can paint. Paths not listed (and builds without a manifest) get index.html as it is.
 */
export function pagesWithPreloads(distDir: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const chunks = chunksOf(distDir);
  if (!chunks) return pages;
  for (const [route, page] of Object.entries(FIRST_VISIT_PAGES)) {
    const links = chunks([`pages/${page}.tsx`]);
    if (links.length > 0) pages.set(route, withLinks(indexHtml, links));
  }
  return pages;
}

/**
 * For a signed-in request (the signed-in hint) to a member screen (domain/site/member-pages.ts): index.html with
 * `<link rel="modulepreload">` for the screen's chunks and the members-only parts of the layout (navigation bar,
 * notices), and `<link rel="preload" as="fetch">` for the answers it asks for first. Without them the browser
 * fetches the shell, runs it, asks who is signed in, then fetches the screen, runs it, then asks for its data:
 * four round trips in a row before the screen can show. The preloads are made exactly as the
 * app's fetch (`credentials: 'include'`, no extra headers), so the browser hands the app the answer it already has.
 * Answers undefined for any other request. `answers: false` leaves the answer preloads out, for a page that carries
 * the answers themselves (server/member-page-html.ts).
 */
export type MemberPagePreloads = (pathname: string, cookies: string | undefined, options?: { answers: boolean }) => string | undefined;

export function memberPagePreloads(distDir: string, indexHtml: string): MemberPagePreloads {
  const chunks = chunksOf(distDir);
  const pages = new Map<string, string[]>();
  return (pathname, cookies, options = { answers: true }) => {
    const member = chunks && cookiesHaveSignedInHint(cookies) ? memberPageAt(pathname) : undefined;
    if (!chunks || !member) return undefined;
    let modules = pages.get(member.page);
    if (!modules) {
      modules = chunks([`pages/${member.page}.tsx`, ...MEMBER_LAYOUT_CHUNKS]);
      pages.set(member.page, modules);
    }
    const answers = options.answers ? [...MEMBER_SHELL_ANSWERS, ...member.answers].map((url) => `    <link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`) : [];
    return withLinks(indexHtml, [...answers, ...modules]);
  };
}

/** What app/app-layout.tsx loads for a member besides the screen. */
const MEMBER_LAYOUT_CHUNKS = ['app/nav-bar.tsx', 'features/safety/components/notices-banner.tsx'];

const withLinks = (indexHtml: string, links: string[]) => indexHtml.replace('</head>', `${links.join('\n')}\n  </head>`);

/**
 * From the build's Vite manifest: the modulepreload links for the given chunks and the chunks they import, less
 * those the shell already preloads; undefined for a build without a manifest.
 */
function chunksOf(distDir: string): ((keys: string[]) => string[]) | undefined {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const shell = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  return (keys) => {
    const seen = new Set<string>();
    for (const key of keys) closure(key, seen);
    return [...seen]
      .filter((key) => !shell.has(key) && manifest[key]!.file.endsWith('.js'))
      .map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
  };
}
