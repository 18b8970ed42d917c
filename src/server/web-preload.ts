import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_VISIT_PAGES } from '../domain/first-visit-pages';

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
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const shell = entryKey ? closure(entryKey, new Set()) : new Set<string>();
  for (const [route, page] of Object.entries(FIRST_VISIT_PAGES)) {
    const pageKey = `pages/${page}.tsx`;
    if (!manifest[pageKey]) continue;
    const links = [...closure(pageKey, new Set())]
      .filter((key) => !shell.has(key) && manifest[key]!.file.endsWith('.js'))
      .map((key) => `    <link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
    pages.set(route, indexHtml.replace('</head>', `${links.join('\n')}\n  </head>`));
  }
  return pages;
}
