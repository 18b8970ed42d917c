import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, resolveChromiumPath } from './e2e/chromium-path';
import { E2E_ADMIN_PASSWORD, e2eBasePort, e2ePort, e2eServers, mailDirOf, smtpBasePort } from './e2e/smtp-port';

// Worker k drives the server on e2eBasePort + k (e2e/smtp-port.ts): this file is read again in every worker, where
// e2ePort is that worker's port. Every run starts from empty embedded databases (the server script wipes them first).
const port = e2ePort;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // One worker per server: the spec files are shared out between them, the tests of a file run in order on one.
  workers: e2eServers,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Limits that catch a test that hangs, not ones that measure speed: CI's machine can be two saturated cores, where
  // tests of 8 s on a quicker machine took over 30 s and a poll over 10 s (docs/testing.md, "Flaky tests", session
  // 13). Longer tests set their own.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // The app opens in the browser's language on a first visit (Accept-Language, navigator.languages): every test
    // starts from an English browser unless it asks for another.
    locale: 'en-US',
    // Chromium refuses some ports outright (5061 is SIP over TLS: ERR_UNSAFE_PORT); E2E_PORT may be one of them.
    launchOptions: { executablePath: await resolveChromiumPath(), args: [...chromiumArgs, `--explicitly-allowed-ports=${port}`] },
    // A trace records every action's page (about a quarter of the suite's CPU, measured on messages + introductions):
    // kept for a failure on a developer's machine; CI prints its output only, so there it is not recorded.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The first server builds the web app and the server; the others start from that build (Playwright starts them one
  // after the other, each once the one before answers).
  webServer: Array.from({ length: e2eServers }, (_, shard) => ({
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${e2eBasePort + shard}/healthz`,
    timeout: 180_000,
    reuseExistingServer: Boolean(process.env.E2E_REUSE_SERVER),
    // Errors reach the test output; routine request logs stay quiet.
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(e2eBasePort + shard),
      E2E_SKIP_BUILD: shard > 0 ? '1' : '',
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('.tmp', `e2e-data-${shard}`),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      // Introductions go through one elder's approval, so the browser test walks the whole path (issue 16).
      ELDER_APPROVALS: '1',
      // One browser signs up a few hundred people from 127.0.0.1 over the whole run.
      SIGNUPS_PER_IP_PER_HOUR: '5000',
      LOG_LEVEL: 'error',
      // The landing footer shows these (landing.spec.ts): configured values, not defaults.
      MINISTRY_URL: 'https://ministry.e2e.example.org/',
      MINISTRY_NAME: 'E2E Temple',
      CONTACT_EMAIL: 'care@e2e.example.org',
      // Mail goes to a real SMTP server that scripts/e2e-server.mjs runs beside the app; the specs that read mail
      // read the folder it writes (e2e/mailbox.ts).
      SMTP_URL: `smtp://127.0.0.1:${smtpBasePort + shard}`,
      E2E_MAIL_DIR: mailDirOf(shard),
      // Push subscriptions of this origin are stored without a DNS lookup (push.spec.ts); nothing is ever sent there.
      PUSH_ENDPOINT_ALLOW: 'https://push.e2e.test',
    },
  })),
});
