import { freePort } from './free-port';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** A real server process (src/server/main.ts through tsx), for the tests that need a socket, a signal or a kill. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** What it wrote to stderr so far. */
  stderr: () => string;
  /** SIGTERM, resolved once it has exited. */
  stop: () => Promise<void>;
}

export { freePort };

/** Spawns the server without waiting (a test that expects it to refuse to start uses this). */
export function spawnServer(env: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
    env: { ...process.env, LOG_LEVEL: 'error', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** Starts the server and waits until /healthz answers. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawnServer(env, port);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      // Not left running (with its embedded PostgreSQL) after the test that gave up on it.
      child.kill('SIGTERM');
      throw new Error(`server did not start within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    url,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
