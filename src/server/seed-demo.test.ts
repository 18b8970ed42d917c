import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from './db/client';
import { users } from './db/schema';
import { MessagesService } from './features/messages';
import { suiteOnEmbedded } from './test/test-database';

/**
 * `npm run seed` on an embedded database, as the README has a newcomer run it: the demo member's /messages is not
 * empty. Its messages are written the one way messages are (insertMessage), so the conversation list, which reads its
 * own rows rather than the messages, shows them: the coordinator's opening as a system message and the introduced
 * match's thread with her last two lines unread.
 */
describe.skipIf(!suiteOnEmbedded)('npm run seed: the demo member has conversations', () => {
  it('lists the match and the coordinator, newest first, with the unread count and the opening as a system message', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-seed-demo-'));
    try {
      const { DATABASE_URL: _ignored, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/seed.ts'), '--profiles', '30'], {
        env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.status, run.stderr).toBe(0);
      const database = await openEmbedded(dataDir, { migrate: false });
      try {
        const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@sanga.local'));
        const [coordinator] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'coordinator@sanga.local'));
        const list = await new MessagesService(database.db).conversations(demo!.id);
        expect(list).toHaveLength(2);
        const [match, opening] = list;
        expect(match).toMatchObject({ unreadCount: 2, departed: false, lastMessage: { system: null, content: 'Would this Sunday after the program suit you?' } });
        expect(opening).toMatchObject({ otherUserId: coordinator!.id, otherUserName: 'Kamala', unreadCount: 0, lastMessage: { system: { kind: 'introduced', name: match!.otherUserName } } });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
