// `npm run dev`: the API server with reload (tsx watch) and Vite's dev server, which proxies /api to it.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name, file) => path.join(root, 'node_modules', name, file);
const children = [
  spawn(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, [bin('vite', 'bin/vite.js'), '--configLoader', 'runner'], { cwd: root, stdio: 'inherit' }),
];
console.log('Open http://localhost:5173 (API on http://localhost:5000)');
function stop(signal) {
  for (const child of children) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) child.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
