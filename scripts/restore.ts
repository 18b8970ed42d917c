/**
 * `npm run restore -- FILE`: unpacks an archive written by `npm run backup` into DATA_DIR, which must be empty or
 * absent, and opens the restored database once to prove it. Then start the server as usual.
 */
import path from 'node:path';
import { ConfigError, parseEnv } from '#server/config';
import { BackupError, restoreBackup } from '#server/db/backup-archive';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

try {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) fail('Usage: DATA_DIR=/srv/sanga/data npm run restore -- FILE');
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) fail('DATABASE_URL is set: restore PostgreSQL with pg_restore or your provider\'s tools (docs/deploy.md); this restores the embedded database only.');
  const dataDir = path.resolve(env.DATA_DIR);
  const summary = await restoreBackup({ file, dataDir });
  console.log(
    `Restored ${path.resolve(file)} (taken ${summary.manifest.createdAt}) into ${dataDir}: ${summary.users} accounts, ` +
      (summary.manifest.photos === 'bucket' ? 'photos in the S3 bucket (not in the archive).' : `${summary.photos} photo files.`),
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) fail(error.message);
  throw error;
}
