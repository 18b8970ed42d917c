// The web build, shared by `npm start` and the bundle-size check: build only when dist/web is missing or older
// than the code it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Written last by every build (the Vite manifest), so its age is the build's. */
const builtMarker = path.join(root, 'dist', 'web', '.vite', 'manifest.json');

/** The newest modification time under a folder, to see whether the build is older than the code. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it is stale; exits the process with the build's status when the build fails. */
export function buildWebIfStale() {
  const sources = [path.join(root, 'src', 'web'), path.join(root, 'src', 'domain'), path.join(root, 'vite.config.ts')];
  const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
  const stale = sources.some((source) => (statSync(source).isDirectory() ? newestMtime(source) : statSync(source).mtimeMs) > builtAt);
  if (!stale) return;
  console.log('Building the web app...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
