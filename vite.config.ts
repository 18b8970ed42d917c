import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { withSiteInfo } from './src/domain/site-info';
import { parseEnv, siteInfoOf } from './src/server/config';
import { precompress } from './scripts/vite-precompress';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    // Vite dev serves index.html itself: give it the footer details the server injects in production (app.ts).
    { name: 'sanga-site-info', apply: 'serve', transformIndexHtml: (html) => withSiteInfo(html, siteInfoOf(parseEnv(process.env))) },
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-bundle-size.ts and the server (web-preload.ts) read which chunks each screen loads from it.
    manifest: true,
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
