import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the headless shell the npm package @sparticuz/chromium
 * ships (unpacked on first use), so a fresh machine needs no download. The shell is Chromium without its windows and
 * tab machinery, the lighter of the two: the profile and volunteer specs took 196 s of worker time on it against 286 s
 * on Debian's full Chromium, on the 2-core machine (2026-11-28), and the browser suite is most of CI's time.
 */
export async function resolveChromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Flags for a closed network and a root user (see the machine notes in docs/testing.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launch options for a spec that needs what only the full Chromium has: the Push API, going offline as a phone does
 * (`navigator.onLine` false; the shell keeps it true) and the installability check. Such a spec runs on Debian's
 * Chromium, a browser of its own, and is skipped where none is installed (fixtures.ts runOnFullChromium).
 */
export function fullChromiumLaunchOptions(port: number): LaunchOptions | undefined {
  // Debian's; CI installs it (.ci/run).
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
  return executablePath ? { executablePath, args: [...chromiumArgs, `--explicitly-allowed-ports=${port}`] } : undefined;
}
