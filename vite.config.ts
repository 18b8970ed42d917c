// Every place that starts Vite (package.json's build, scripts/dev.mjs, start.mjs, e2e-server.mjs,
// check-bundle-size.ts, and the second build in vite-server-render.ts) loads this file with `--configLoader runner`:
// the default loader bundles it and warns, once per build, that the server modules it imports (src/server/config.ts
// and everything it imports) have no file extensions, which only a future native loader would need
// (scripts/vite-config-loader.test.ts).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { withSiteInfo } from '#domain/site/site-info';
import { parseEnv, siteInfoOf } from './src/server/config';
import { precompress } from './scripts/vite-precompress';
import { pureSchemas } from './scripts/vite-pure-schemas';
import { serverRender } from './scripts/vite-server-render';
import { serviceWorker } from './scripts/vite-service-worker';
import { LIBRARIES_CHUNK } from './src/server/libraries-chunk';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The shared rules' schemas the web does not use are left out of its scripts (scripts/vite-pure-schemas.ts).
    pureSchemas(),
    // Before precompress(), whose closeBundle compresses the sw.js it emits.
    serviceWorker(),
    precompress(),
    serverRender(),
    // Vite dev serves index.html itself: give it the footer details the server injects in production (app.ts).
    { name: 'sanga-site-info', apply: 'serve', transformIndexHtml: (html) => withSiteInfo(html, siteInfoOf(parseEnv(process.env))) },
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-bundle-size.ts and the server (web-preload.ts) read which chunks each screen loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen runs, in one chunk: split by use they came as six, and each extra request
          // costs a phone a round trip before the first paint.
          // The icons likewise: one small chunk for all of them, rather than a request per icon.
          groups: [
            // With web/lib/start-libraries.ts, which starts React and ReactDOM in this chunk, not in the app's.
            {
              name: LIBRARIES_CHUNK,
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|wouter|regexparam|use-sync-external-store|clsx)[\\/]|src[\\/]web[\\/]lib[\\/]start-libraries\.ts$/,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/objects': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
