/**
 * `npm run backup -- --out FILE`: one archive of the embedded database and the photos of DATA_DIR, taken while the
 * server runs (it is asked for a consistent snapshot, src/server/db/snapshot-request.ts) or while it is stopped.
 * PostgreSQL and S3 have their own tools (docs/deploy.md). Reads the server's environment (DATA_DIR, DATABASE_URL,
 * S3_BUCKET, BACKUP_KEEP); run it as the server's user.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseEnv } from '#server/config';
import { BackupError, writeBackup } from '#server/db/backup-archive';
import { DataDirLockedError } from '#server/db/data-dir-lock';

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

try {
  if (!args.out) fail('Usage: npm run backup -- --out FILE   (e.g. --out /var/backups/sanga-$(date -u +%Y%m%dT%H%M%SZ).tar.gz)');
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    fail('DATABASE_URL is set: this server keeps its data in PostgreSQL. Back it up with pg_dump or point-in-time recovery (docs/deploy.md, "Backups on PostgreSQL and S3").');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const started = Date.now();
  const { how } = await writeBackup({ dataDir, out: args.out, keep: env.BACKUP_KEEP, photosInBucket: Boolean(env.S3_BUCKET) });
  console.log(`Backup of ${dataDir} written to ${path.resolve(args.out)} in ${((Date.now() - started) / 1000).toFixed(1)} s (snapshot from the ${how}).`);
  if (env.S3_BUCKET) console.log(`The photos are in the bucket ${env.S3_BUCKET}, not in this file: keep its versioning on (docs/deploy.md).`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError) fail(error.message);
  throw error;
}
