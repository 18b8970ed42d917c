import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, resolveChromiumPath } from './e2e/chromium-path';
import { e2ePort, smtpPort } from './e2e/smtp-port';

const port = e2ePort;
// Every run starts from an empty embedded database (the server script wipes it first).
const dataDir = path.resolve('.tmp', 'e2e-data');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // Chromium refuses some ports outright (5061 is SIP over TLS: ERR_UNSAFE_PORT); E2E_PORT may be one of them.
    launchOptions: { executablePath: await resolveChromiumPath(), args: [...chromiumArgs, `--explicitly-allowed-ports=${port}`] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    // Errors reach the test output; routine request logs stay quiet.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'e2e-admin-password',
      // Introductions go through one elder's approval, so the browser test walks the whole path (issue 16).
      ELDER_APPROVALS: '1',
      // One browser signs up a few hundred people from 127.0.0.1 over the whole run.
      SIGNUPS_PER_IP_PER_HOUR: '5000',
      LOG_LEVEL: 'error',
      // The landing footer shows these (landing.spec.ts): configured values, not defaults.
      MINISTRY_URL: 'https://ministry.e2e.example.org/',
      MINISTRY_NAME: 'E2E Temple',
      CONTACT_EMAIL: 'care@e2e.example.org',
      // Mail goes to a real SMTP server the account spec listens with; until it does, the outbox retries.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Push subscriptions of this origin are stored without a DNS lookup (push.spec.ts); nothing is ever sent there.
      PUSH_ENDPOINT_ALLOW: 'https://push.e2e.test',
    },
  },
});
