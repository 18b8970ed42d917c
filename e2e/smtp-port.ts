import path from 'node:path';

/**
 * The browser tests' servers and their mail. The suite runs on E2E_SERVERS servers (default 2, one per Playwright
 * worker: two cores here), each with its own embedded database: worker k (Playwright's TEST_PARALLEL_INDEX) talks to
 * the server on E2E_PORT + k, whose mail goes to the SMTP server on E2E_SMTP_PORT + k (default E2E_PORT + 550 + k)
 * that scripts/e2e-server.mjs runs beside it, which writes each mail into .tmp/e2e-mail-k (e2e/mailbox.ts reads it).
 * Tests on different workers never share data.
 */
export const e2eServers = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
export const e2eBasePort = Number(process.env.E2E_PORT ?? 5055);
export const smtpBasePort = Number(process.env.E2E_SMTP_PORT ?? e2eBasePort + 550);
/** This worker's server (0 in the runner process, which starts them all). */
const shard = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % e2eServers;
export const e2ePort = e2eBasePort + shard;
/** Where server k's SMTP server writes the mail it takes (wiped when that server starts). */
export const mailDirOf = (server: number) => path.resolve('.tmp', `e2e-mail-${server}`);
export const mailDir = mailDirOf(shard);
/** The admin password the servers start with (ADMIN_PASSWORD in playwright.config.ts); the specs sign in with it. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
