import { buildApp } from './app';
import { ConfigError, loadConfig, trustProxyWarning, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { DataDirLockedError } from './db/data-dir-lock';
import { RateLimits } from './security/rate-limiter';
import { refreshMatchKeys } from './features/matches';
import path from 'node:path';
import { pruneSnapshots, scheduleSnapshots, serialSnapshots } from './db/snapshots';
import { answerSnapshotRequests } from './db/snapshot-request';

/** How often the retention rules (expired sessions, used tokens, old rows, unused accounts) and day-old unused uploads are swept. */
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A shutdown that hangs longer than this is forced. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // `npm run backup` may signal as soon as the data folder is locked: answer "not yet" rather than die of SIGUSR2.
  let snapshotNow: () => Promise<string> | string = () => {
    throw new Error('the server is still starting; try again in a moment');
  };
  // Until the app's logger exists, answers go to stderr.
  const logSnapshot: { onDone: (folder: string) => void; onError: (error: unknown) => void } = {
    onDone: (folder) => void process.stderr.write(`snapshot written: ${folder}\n`),
    onError: (error) => void process.stderr.write(`snapshot failed: ${error instanceof Error ? error.message : String(error)}\n`),
  };
  answerSnapshotRequests(config.dataDir, () => snapshotNow(), {
    onDone: (folder) => logSnapshot.onDone(folder),
    onError: (error) => logSnapshot.onError(error),
  });

  let database: Database;
  try {
    // The embedded server's lines (its user at the first start, a migration, an orphan stopped) go to stdout.
    database = await openDatabase(config, (line) => void process.stdout.write(`${line}\n`));
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError) fail(error.message);
    if (error instanceof Error && error.name === 'PgliteMigrationError') fail(error.message);
    throw error;
  }
  // The embedded server gone without being asked: nothing can be answered any more; exit so a supervisor restarts both.
  database.embedded?.onExit((code, signal) => fail(`The embedded PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); Sanga stops too.`));

  const refreshed = await refreshMatchKeys(database.db);
  const app = await buildApp({ config, database });
  if (refreshed > 0) app.log.info({ profiles: refreshed }, 'recomputed match keys');
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database ready');
  if (!config.adminPassword) app.log.warn('ADMIN_PASSWORD is not set: admin sign-in is off');
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);

  const purge = () =>
    Promise.all([
      new RateLimits(database.db).purgeExpired().then(
        (count) => count && app.log.info({ count }, 'purged ended rate-limit windows'),
        (error: unknown) => app.log.error({ err: error }, 'rate-limit purge failed'),
      ),
      app.deleteUnusedUploads().then(
        (count) => count && app.log.info({ count }, 'deleted unused uploads'),
        (error: unknown) => app.log.error({ err: error }, 'unused upload cleanup failed'),
      ),
      app.outbox.purgeOld().then(
        (count) => count && app.log.info({ count }, 'purged old jobs'),
        (error: unknown) => app.log.error({ err: error }, 'job purge failed'),
      ),
      app.applyRetention().then(
        (done) => Object.values(done).some((count) => count > 0) && app.log.info(done, 'applied the retention rules'),
        (error: unknown) => app.log.error({ err: error }, 'retention pass failed'),
      ),
      // Snapshots hold deleted members' data: none is kept past BACKUP_MAX_AGE_DAYS, new snapshots or not.
      Promise.resolve().then(() => {
        const removed = pruneSnapshots(path.join(config.dataDir, 'backups'), config.backupKeep, { maxAgeDays: config.backupMaxAgeDays, now: new Date(), partials: false });
        if (removed.length > 0) app.log.info({ removed }, 'deleted snapshots past BACKUP_MAX_AGE_DAYS');
      }).catch((error: unknown) => app.log.error({ err: error }, 'snapshot prune failed')),
    ]);
  void purge();
  const purgeTimer = setInterval(() => void purge(), PURGE_EVERY_MS);
  purgeTimer.unref();

  let stopSnapshots: () => Promise<void> | void = () => undefined;
  logSnapshot.onDone = (folder) => app.log.info({ folder }, 'snapshot written');
  logSnapshot.onError = (error) => app.log.error({ err: error }, 'snapshot failed');
  if (database.dump) {
    const take = serialSnapshots({ dataDir: config.dataDir, dumpDatabase: database.dump }, config.backupKeep, config.backupMaxAgeDays);
    snapshotNow = take;
    if (config.backups) stopSnapshots = scheduleSnapshots(take, { everyMs: config.backups.everyMs, ...logSnapshot });
  } else {
    snapshotNow = () => {
      throw new Error('this server runs on PostgreSQL: back it up with pg_dump or PITR (docs/deploy.md)');
    };
    if (config.backups) app.log.warn('BACKUP_EVERY applies to the embedded database only: back up PostgreSQL with its own tools');
  }

  let shuttingDown = false;
  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    clearInterval(purgeTimer);
    // Not waited for: a snapshot under way (seconds) fails as the database stops, and is logged as failed.
    void stopSnapshots();
    // The handler stays: without it a late SIGUSR2 would end the process in the middle of its shutdown.
    snapshotNow = () => {
      throw new Error('the server is shutting down');
    };
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Sanga failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
