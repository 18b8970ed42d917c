import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, profiles } from '#server/db/schema';
import { notifyBlockChanged, notifyProfileChanged } from '#server/events/changes';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, type TestContext } from '#server/test/test-app';
import { MatchIndex } from '.';

/**
 * How the match index follows changes: by the NOTIFY every change sends at commit, for the writing process too
 * (`caughtUp`), and by reading everything again when its listening connection comes back (what was committed
 * meanwhile was never delivered).
 */
describe('the match index follows committed changes', () => {
  let ctx: TestContext;
  let index: MatchIndex;
  let woman: Awaited<ReturnType<typeof createProfileUser>>;
  let man: Awaited<ReturnType<typeof createProfileUser>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    woman = await createProfileUser(ctx.app, { gender: 'woman' });
    man = await createProfileUser(ctx.app, { gender: 'man' });
    index = new MatchIndex(ctx.database.db);
    await index.start(ctx.database);
  });
  afterAll(async () => {
    await index.close();
    await ctx.close();
  });

  const candidatesOf = (userId: string) => index.rankForUser(userId, { limit: 10, offset: 0 })?.items.map((item) => item.userId) ?? [];

  it('caughtUp resolves only once the changes committed before it are applied', async () => {
    expect(candidatesOf(man.account.id)).toEqual([woman.account.id]);
    // Each write's notices, then one wait: what the write changed is in the index when it resolves.
    for (let round = 0; round < 10; round += 1) {
      await ctx.database.db.transaction(async (tx) => {
        await tx.update(profiles).set({ profileActive: false }).where(eq(profiles.id, woman.profile.id));
        await notifyProfileChanged(tx, woman.profile.id);
      });
      await index.caughtUp();
      expect(index.has(woman.profile.id)).toBe(false);
      await ctx.database.db.transaction(async (tx) => {
        await tx.insert(blocks).values({ blockerId: woman.account.id, blockedId: man.account.id });
        await tx.update(profiles).set({ profileActive: true }).where(eq(profiles.id, woman.profile.id));
        await notifyProfileChanged(tx, woman.profile.id);
        await notifyBlockChanged(tx, woman.account.id, man.account.id);
      });
      await index.caughtUp();
      expect(index.has(woman.profile.id)).toBe(true);
      expect(candidatesOf(man.account.id)).toEqual([]);
      await ctx.database.db.transaction(async (tx) => {
        await tx.delete(blocks).where(eq(blocks.blockerId, woman.account.id));
        await notifyBlockChanged(tx, woman.account.id, man.account.id);
      });
      await index.caughtUp();
      expect(candidatesOf(man.account.id)).toEqual([woman.account.id]);
    }
  });

  it('reads everything again when its listening connections come back, so changes never delivered are not missed', async () => {
    expect(index.has(woman.profile.id)).toBe(true);
    // Changes whose notices were lost (written here with none at all): a deactivated profile and a new block.
    await ctx.database.db.update(profiles).set({ profileActive: false }).where(eq(profiles.id, woman.profile.id));
    await ctx.database.db.insert(blocks).values({ blockerId: man.account.id, blockedId: woman.account.id });
    // The database drops every listening connection of this database (a restart, a failover, a network blip).
    await ctx.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
    );
    await expect.poll(() => index.has(woman.profile.id), { timeout: 10_000 }).toBe(false);

    // The block is back in force too: reactivated (with its notice, delivered again), she is still kept from him.
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(profiles).set({ profileActive: true }).where(eq(profiles.id, woman.profile.id));
      await notifyProfileChanged(tx, woman.profile.id);
    });
    await index.caughtUp();
    expect(index.has(woman.profile.id)).toBe(true);
    expect(candidatesOf(man.account.id)).toEqual([]);
  });
});
