import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RELATIONSHIP, type Relationship } from '#domain/access';
import { eq, sql } from 'drizzle-orm';
import { introductions, users } from '#server/db/schema';
import type { Db } from '#server/db/client';
import { applicationBody, createProfileUser } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';
import { loadRelationship, relationshipStatement } from './relationship';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const send = (cookie: string, receiverId: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload: { receiverId, content: 'Namaste' } });
/** The facts a signed-in viewer and an existing other start from. */
const known = (facts: Partial<Relationship>): Relationship => ({ ...NO_RELATIONSHIP, signedIn: true, otherExists: true, ...facts });

/** The database, counting every statement begun on it (select, execute, transaction, writes). */
function counting(db: Db): { db: Db; statements: () => number } {
  let count = 0;
  const begins = new Set(['select', 'selectDistinct', 'execute', 'transaction', 'insert', 'update', 'delete', '$count']);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !begins.has(String(property))) return value;
      return (...args: unknown[]) => {
        count++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, statements: () => count };
}

describe('loadRelationship', () => {
  it('loads two candidates, both profiles and no volunteer, in one statement', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-02-02' });
    const { db, statements } = counting(ctx.database.db);
    const loaded = await loadRelationship(db, woman.account.id, { userId: man.account.id });
    expect(statements()).toBe(1);
    expect(loaded.relationship).toEqual(known({ viewerBrowsable: true, otherBrowsable: true, candidate: true }));
    expect(loaded.viewer?.profile?.id).toBe(woman.profile.id);
    expect(loaded.other?.profile?.id).toBe(man.profile.id);
    expect(loaded.other?.volunteer).toBeNull();
  });

  it('knows two people were introduced (either way round) only once both accepted, and the other’s roles', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-02-02' });
    const [low, high] = [woman.account.id, man.account.id].sort();
    const [row] = await ctx.database.db
      .insert(introductions)
      .values({ memberA: woman.account.id, memberB: man.account.id, pairLow: low!, pairHigh: high!, status: 'awaiting-second' })
      .returning();
    expect((await loadRelationship(ctx.database.db, woman.account.id, { userId: man.account.id })).relationship.introduced).toBe(false);
    await ctx.database.db.update(introductions).set({ status: 'introduced', introducedAt: new Date() }).where(eq(introductions.id, row!.id));
    await ctx.database.db.update(users).set({ roles: ['coordinator'] }).where(eq(users.id, woman.account.id));
    const fromMan = await loadRelationship(ctx.database.db, man.account.id, { userId: woman.account.id });
    expect(fromMan.relationship).toMatchObject({ introduced: true, otherRoles: ['coordinator'], viewerRoles: [] });
    expect((await loadRelationship(ctx.database.db, woman.account.id, { userId: man.account.id })).relationship).toMatchObject({ introduced: true, viewerRoles: ['coordinator'] });
  });

  it('finds the other by profile id (a match page) as by account', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-02-02' });
    const byProfile = await loadRelationship(ctx.database.db, woman.account.id, { profileId: man.profile.id });
    const byAccount = await loadRelationship(ctx.database.db, woman.account.id, { userId: man.account.id });
    expect(byProfile.relationship).toEqual(byAccount.relationship);
    expect(byProfile.other?.userId).toBe(man.account.id);
  });

  it('knows who wrote first, either way, and still loads an inactive viewer', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-02-02' });
    expect((await send(man.account.cookie, woman.account.id)).statusCode).toBe(201);
    await ctx.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: woman.account.cookie }, payload: { active: false } });
    const hers = await loadRelationship(ctx.database.db, woman.account.id, { userId: man.account.id });
    expect(hers.relationship).toEqual(known({ otherBrowsable: true, otherWroteFirst: true }));
    const his = await loadRelationship(ctx.database.db, man.account.id, { userId: woman.account.id });
    expect(his.relationship).toEqual(known({ viewerBrowsable: true, viewerWrote: true }));
  });

  it('sees an approved volunteer (and only once approved), also from a visitor', async () => {
    const volunteer = await signUp(ctx.app);
    const seeker = await signUp(ctx.app);
    const application = (await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: volunteer.cookie }, payload: applicationBody() })).json<{ id: string }>();
    expect((await loadRelationship(ctx.database.db, seeker.id, { userId: volunteer.id })).relationship).toEqual(known({}));
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${application.id}`, headers: { cookie: adminCookie }, payload: { approved: true } });
    const loaded = await loadRelationship(ctx.database.db, seeker.id, { userId: volunteer.id });
    expect(loaded.relationship).toEqual(known({ otherIsVolunteer: true }));
    expect(loaded.other?.volunteer).toEqual({ name: 'Gopal Das Sharma', photo: null, contribution: 'Premarital counselling and kirtan' });
    expect((await loadRelationship(ctx.database.db, volunteer.id, { userId: seeker.id })).relationship).toEqual(known({ viewerIsVolunteer: true }));
    const fromVisitor = await loadRelationship(ctx.database.db, undefined, { userId: volunteer.id });
    expect(fromVisitor.relationship).toEqual({ ...NO_RELATIONSHIP, otherExists: true, otherIsVolunteer: true });
    expect(fromVisitor.viewer).toBeNull();
  });

  it('answers oneself as self (never a candidate), and an unknown person as not existing', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const self = await loadRelationship(ctx.database.db, woman.account.id, { userId: woman.account.id });
    expect(self.relationship).toEqual(known({ self: true, viewerBrowsable: true, otherBrowsable: true }));
    const ownProfile = await loadRelationship(ctx.database.db, woman.account.id, { profileId: woman.profile.id });
    expect(ownProfile.relationship).toEqual(self.relationship);
    const unknown = await loadRelationship(ctx.database.db, woman.account.id, { userId: UNKNOWN });
    expect(unknown.relationship).toEqual({ ...NO_RELATIONSHIP, signedIn: true, viewerBrowsable: true });
    expect(unknown.other).toBeNull();
    expect((await loadRelationship(ctx.database.db, woman.account.id, { profileId: UNKNOWN })).other).toBeNull();
  });
});

describe('the relationship statement', () => {
  it('reads users by primary key only, also when the other is named by a profile id (no scan of every user)', async () => {
    const db = ctx.database.db;
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    for (const other of [{ userId: UNKNOWN }, { profileId: UNKNOWN }]) {
      const statement = relationshipStatement(db, woman.account.id, other).getSQL();
      const plan = await db.transaction(async (tx) => {
        // Without sequential scans the planner shows whether an index path exists at all (the tables here are tiny).
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = await tx.execute(sql`explain ${statement}`);
        return (explained as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      // users is reached through its primary key with the ids as the index condition, never read whole and filtered.
      expect(plan).toMatch(/users_pkey[^\n]*\n\s*Index Cond: \(id = /);
      expect(plan).not.toMatch(/Filter: [^\n]*users\.id/);
    }
  });
});
