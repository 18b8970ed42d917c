// Component tests (npm run test:components; docs/testing.md, "Component tests"): real React components rendered in
// the project's own headless Chromium through Vitest's browser mode (docs/decisions/015-component-tests-in-chromium.md).
// A config of its own, beside vitest.config.ts: no database, no global setup, and the node suite stays as it was.
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { chromiumArgs, resolveChromiumPath } from './e2e/chromium-path.ts';

export default defineConfig({
  // vite.config.ts's plugins that change what runs in the browser: React's JSX, and Tailwind, so the components carry
  // the app's real styles (axe checks colour contrast on them). `#web/*` and `#domain/*` are package.json's imports,
  // which Vite resolves by itself as it does for the app. pureSchemas() is left out: it applies to builds only
  // (`apply: 'build'`), as do the service worker, precompression and server render.
  plugins: [react(), tailwindcss()],
  // Bundled before the first file runs: found one by one instead, each new one makes Vite reload the page mid-run.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-dev-runtime',
      '@tanstack/react-query',
      'i18next',
      'react-i18next',
      'wouter',
      'wouter/memory-location',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
      'zod/v4/core',
      'lucide-react',
      'radix-ui',
      'clsx',
      'axe-core',
      'vitest-browser-react',
    ],
  },
  test: {
    include: ['src/web/**/*.browser.test.tsx'],
    // The same rule as the node suite: an unexpected console.error (a React warning too) fails the test.
    setupFiles: ['./src/server/test/fail-on-console-error.ts', './src/web/test/browser-setup.ts'],
    browser: {
      enabled: true,
      headless: true,
      // The Chromium the e2e tests drive (e2e/chromium-path.ts): the headless shell inside @sparticuz/chromium, or
      // CHROMIUM_PATH; never a download.
      provider: playwright({ launchOptions: { executablePath: await resolveChromiumPath(), args: chromiumArgs } }),
      instances: [{ browser: 'chromium', viewport: { width: 375, height: 812 } }],
      // A failed test's screenshot, under .tmp/ (not committed).
      screenshotDirectory: '.tmp/component-screenshots',
    },
    attachmentsDir: '.tmp/component-attachments',
    testTimeout: 15_000,
  },
});
