// `npm start`: build the web app and the server when missing or older than their sources, then run the compiled
// server with plain node (one process: SPA + API).
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, newestMtime, serverEntry } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist', 'web', 'index.html');

const webSources = [path.join(root, 'src', 'web'), path.join(root, 'src', 'domain')];
const stale = !existsSync(distIndex) || newestMtime(...webSources) > statSync(distIndex).mtimeMs;
if (stale) {
  console.log('Building the web app...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--configLoader', 'runner', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await ensureServerBuild();

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
