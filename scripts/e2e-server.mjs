// The server the browser tests run against: a fresh embedded database, a fresh build of the web app, and the
// compiled server that `npm start` runs (rebuilt when older than its sources), one process.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { ensureServerBuild, serverEntry } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must be set for the e2e server');
rmSync(dataDir, { recursive: true, force: true });

// The second and later servers of a run (playwright.config.ts) start from the build the first one made. The web app
// is built as it ships (NODE_ENV=production, like `npm run build`): the server below runs with NODE_ENV=test, and
// a build that inherited it would ship React's development build, which renders several times slower and is not
// what members get.
const build = process.env.E2E_SKIP_BUILD === '1' ? { status: 0 } : spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--configLoader', 'runner', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (build.status !== 0) process.exit(build.status ?? 1);
await ensureServerBuild();

// The app's mail goes to the tests' SMTP sink (src/server/test/smtp-sink.ts, loaded through tsx), listening for the
// whole run and writing each mail it takes into E2E_MAIL_DIR as it is taken: one JSON file each, in order
// (e2e/mailbox.ts reads them). Every mail is taken at once, so the outbox never retries and gives up on the mail of
// specs that do not read it.
const mailDir = process.env.E2E_MAIL_DIR;
const smtpUrl = process.env.SMTP_URL;
if (mailDir && smtpUrl) {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const { startSmtpSink } = await tsImport('#server/test/smtp-sink', import.meta.url);
  let taken = 0;
  await startSmtpSink({
    port: Number(new URL(smtpUrl).port),
    onMail: (mail) => {
      taken += 1;
      const name = path.join(mailDir, `${String(taken).padStart(6, '0')}.json`);
      // Written whole, then renamed: a reader never sees half a mail.
      writeFileSync(`${name}.part`, JSON.stringify(mail));
      renameSync(`${name}.part`, name);
    },
  });
}

// Always the embedded database wiped above: a DATABASE_URL in the environment is for the API suite (CI runs `npm test`
// with one, and a developer may have one exported), and two browser-test servers writing into it would share data.
const { DATABASE_URL: _apiSuiteDatabase, ...serverEnv } = process.env;
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { cwd: root, stdio: 'inherit', env: serverEnv });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
