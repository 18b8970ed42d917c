import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's, else the one the npm
 * package @sparticuz/chromium ships (unpacked on first use), so a fresh machine needs no download.
 */
export async function resolveChromiumPath(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
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
