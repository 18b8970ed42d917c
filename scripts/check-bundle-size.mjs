// The JavaScript budget of every screen, read from the build's manifest (`npm run test:size`, last step of
// `npm test`, after Playwright's server has built dist/web; it builds only when the build is missing or stale).
// A screen's first visit loads the entry chunk and everything it imports, then the screen's own lazy chunk and
// everything that imports: the sum of their compressed sizes is what a phone downloads. Every file under
// src/web/pages/ must be its own lazy chunk (app/lazy-page.ts), so a screen another branch adds is measured too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist', 'web');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const KIB = 1024;

/** Issue 19: a first visit (any screen a visitor can open) ≤ 150 KiB, a signed-in member screen ≤ 250 KiB. */
export const FIRST_VISIT_BUDGET = 150 * KIB;
export const MEMBER_BUDGET = 250 * KIB;
/** The screens a visitor can open without a session; every other screen is a signed-in one. */
export const PUBLIC_PAGES = new Set([
  'landing-page',
  'login-page',
  'forgot-password-page',
  'reset-password-page',
  'donation-guide-page',
  'guidance-page',
  'not-found-page',
  'admin-login-page',
]);

buildWebIfStale();

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// Compressed as the build precompresses them (scripts/precompress.mjs): brotli is what every current browser asks
// for over https, so the budget counts brotli; gzip (what the rest get) is printed beside it.
const compressed = new Map();
const sizesOf = (file) => {
  if (!compressed.has(file)) {
    const data = readFileSync(path.join(dist, file));
    compressed.set(file, {
      br: brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length,
      gzip: gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }).length,
    });
  }
  return compressed.get(file);
};

/** The chunk and every chunk it imports statically (loaded before it runs). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryChunks = closure(entryKey);
const jsBytes = (keys, kind = 'br') =>
  [...keys].reduce((sum, key) => sum + (manifest[key].file.endsWith('.js') ? sizesOf(manifest[key].file)[kind] : 0), 0);

const pageFiles = readdirSync(path.join(root, 'src', 'web', 'pages')).filter((file) => file.endsWith('.tsx'));
const rows = [];
const failures = [];
for (const file of pageFiles) {
  const name = file.replace(/\.tsx$/, '');
  const key = `pages/${file}`;
  if (!manifest[key]?.isDynamicEntry) {
    failures.push(`${key} is not a lazy chunk of its own: load it with lazyPage() in src/web/app/app.tsx`);
    continue;
  }
  const chunks = closure(key, new Set(entryChunks));
  const bytes = jsBytes(chunks);
  const budget = PUBLIC_PAGES.has(name) ? FIRST_VISIT_BUDGET : MEMBER_BUDGET;
  rows.push({ name, bytes, gzip: jsBytes(chunks, 'gzip'), budget });
  if (bytes > budget) failures.push(`${name}: ${(bytes / KIB).toFixed(1)} KiB of JavaScript (brotli) is over its budget of ${budget / KIB} KiB`);
}

rows.sort((a, b) => b.bytes - a.bytes);
const kib = (bytes) => (bytes / KIB).toFixed(1);
console.log(`Shell (every screen loads it): ${kib(jsBytes(entryChunks))} KiB brotli, ${kib(jsBytes(entryChunks, 'gzip'))} KiB gzip\n`);
console.log('| Screen | JS of a first visit, brotli (KiB) | gzip (KiB) | Budget, brotli (KiB) |');
console.log('|---|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${kib(row.bytes)} | ${kib(row.gzip)} | ${row.budget / KIB} |`);
if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
