// `npm run test:size` (the last step of `npm test`): the JavaScript budget of every screen. It makes a production
// build of its own in .tmp/bundle-size (a few seconds; the e2e server's build runs with NODE_ENV=test, which
// ships React's development build, so its sizes would be wrong) and reads the Vite manifest: a first visit to a
// screen loads the shell (the entry chunk and everything it imports), then the screen's lazy chunk and everything
// that imports. Every file of src/web/pages/ must be a lazy chunk of its own (app/lazy-page.ts), so a screen
// another branch adds is measured too.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { FIRST_VISIT_PAGES } from '#domain/site/first-visit-pages';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, '.tmp', 'bundle-size');
const KIB = 1024;

/** A first visit (any screen a visitor can open) ≤ 150 KiB, a signed-in screen ≤ 250 KiB. */
const FIRST_VISIT_BUDGET = 150 * KIB;
const MEMBER_BUDGET = 250 * KIB;
/** The screens a visitor can open without a session (domain/site/first-visit-pages.ts); every other one is signed in. */
const PUBLIC_PAGES = new Set([...Object.values(FIRST_VISIT_PAGES), 'not-found-page']);

const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--configLoader', 'runner', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

// Compressed as the build precompresses them (scripts/vite-precompress.ts): brotli is what every current browser
// asks for over https, so the budget counts brotli; gzip (what the rest get) is printed beside it.
const compressed = new Map<string, { br: number; gzip: number }>();
function sizesOf(file: string): { br: number; gzip: number } {
  let sizes = compressed.get(file);
  if (!sizes) {
    const data = readFileSync(path.join(outDir, file));
    sizes = {
      br: brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }).length,
      gzip: gzipSync(data, { level: zlib.Z_BEST_COMPRESSION }).length,
    };
    compressed.set(file, sizes);
  }
  return sizes;
}

/** The chunk and every chunk it imports statically (loaded before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const jsBytes = (keys: Set<string>, kind: 'br' | 'gzip' = 'br') =>
  [...keys].reduce((sum, key) => sum + (manifest[key]!.file.endsWith('.js') ? sizesOf(manifest[key]!.file)[kind] : 0), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const entryChunks = closure(entryKey);
const pageFiles = readdirSync(path.join(root, 'src', 'web', 'pages')).filter((file) => file.endsWith('.tsx'));
const rows: { name: string; bytes: number; gzip: number; budget: number }[] = [];
const failures: string[] = [];
for (const page of Object.values(FIRST_VISIT_PAGES)) {
  if (!pageFiles.includes(`${page}.tsx`)) failures.push(`domain/site/first-visit-pages.ts names ${page}, which is not a file of src/web/pages/`);
}
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

const kib = (bytes: number) => (bytes / KIB).toFixed(1);
rows.sort((a, b) => b.bytes - a.bytes);
console.log(`Shell (every screen loads it): ${kib(jsBytes(entryChunks))} KiB brotli, ${kib(jsBytes(entryChunks, 'gzip'))} KiB gzip\n`);
console.log('| Screen | JS of a first visit, brotli (KiB) | gzip (KiB) | Budget, brotli (KiB) |');
console.log('|---|---:|---:|---:|');
for (const row of rows) console.log(`| ${row.name} | ${kib(row.bytes)} | ${kib(row.gzip)} | ${row.budget / KIB} |`);
if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
