// The server the browser tests run against: a fresh embedded database, a fresh build of the web app, and the
// compiled server that `npm start` runs (rebuilt when older than its sources), one process.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, serverEntry } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set for the e2e server');
rmSync(dataDir, { recursive: true, force: true });

const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
await ensureServerBuild();

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
