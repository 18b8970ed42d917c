import { describe, expect, it } from 'vitest';
import { serviceWorker } from './vite-service-worker';

/** Runs the plugin's generateBundle over a bundle of these files; returns the sw.js it emits. */
function workerFor(files: string[], html = '<script src="/assets/index-A.js"></script>'): string {
  const plugin = serviceWorker() as unknown as { configResolved: (config: unknown) => void; generateBundle: (this: unknown, options: unknown, bundle: unknown) => void };
  plugin.configResolved({ build: { ssr: false } });
  const bundle = Object.fromEntries(files.map((file) => [file, { type: file.endsWith('.html') ? 'asset' : 'chunk', source: html }]));
  let emitted = '';
  plugin.generateBundle.call({ emitFile: (file: { fileName: string; source: string }) => (emitted = file.fileName === 'sw.js' ? file.source : emitted) }, {}, bundle);
  return emitted;
}

const buildOf = (worker: string) => JSON.parse(/const BUILD = (.*);/.exec(worker)![1]!) as { version: string; assets: string[] };

describe('the service worker of a build (scripts/vite-service-worker.ts)', () => {
  it("lists only the build's hashed files, never the page, the manifest or anything else", () => {
    const build = buildOf(workerFor(['index.html', 'assets/index-A.js', 'assets/index-B.css', '.vite/manifest.json', 'assets/es-C.js']));
    expect(build.assets).toEqual(['/assets/es-C.js', '/assets/index-A.js', '/assets/index-B.css']);
  });

  it('is a new worker for a new build, and the same one for the same build', () => {
    const first = buildOf(workerFor(['index.html', 'assets/index-A.js']));
    expect(buildOf(workerFor(['index.html', 'assets/index-A.js'])).version).toBe(first.version);
    expect(buildOf(workerFor(['index.html', 'assets/index-Z.js'])).version).not.toBe(first.version);
    expect(buildOf(workerFor(['index.html', 'assets/index-A.js'], '<title>changed</title>')).version).not.toBe(first.version);
  });

  it('carries the worker code, which puts nothing in its cache but the precached files and the app page', () => {
    const worker = workerFor(['index.html', 'assets/index-A.js']);
    expect(worker).toContain("self.addEventListener('fetch'");
    expect(worker).not.toMatch(/cache\.put\((?!SHELL_URL)/);
  });
});
