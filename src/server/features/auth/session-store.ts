import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RETURNING_BROWSER_COOKIE, RETURNING_BROWSER_MAX_AGE_SECONDS, SIGNED_IN_HINT_COOKIE } from '#domain/accounts/session-hint';
import type { SessionSummary } from '#domain/accounts/account';
import type { MemberRole } from '#domain/staff/roles';
import type { Database, Db } from '#server/db/client';
import { sessions, users, type SessionData } from '#server/db/schema';
import { listen, notify } from '#server/events/channels';
import type { RequestSession } from '#server/http/guards';

export const SESSION_COOKIE = 'sanga.sid';
/**
 * On https the cookie is named `__Host-sanga.sid`: browsers then accept it only with Secure, Path=/ and no
 * Domain, so a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);
/**
 * How long a process answers a session from memory before reading its row again. Ends and changes reach every
 * process at once (the two channels above); this bounds the damage of a notice missed while a process was
 * reconnecting to the database, or of a row deleted without one.
 */
export const SESSION_CACHE_MS = 10_000;
/** Sessions kept in memory at most; past it the cache starts over (a burst of one-off sessions cannot grow it). */
const SESSION_CACHE_MAX = 50_000;
/** Idle expiry: a session unused for this long is gone. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** The browser description kept for the session list: enough to recognise a device, not a tracking string. */
const USER_AGENT_MAX = 300;
/** Extend the expiry at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** "Last active" in Settings moves at least this often while the session is used: one write per 5 minutes. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

export type { RequestSession } from '#server/http/guards';

export interface SessionStoreOptions {
  db: Db;
  secureCookies: boolean;
}

interface CachedSession {
  data: SessionData;
  roles: readonly MemberRole[];
  expire: number;
  until: number;
}

export class SessionStore {
  /**
   * Sessions read in the last SESSION_CACHE_MS: every API request loads its session, and the row read was the
   * largest fixed cost of a request (docs/benchmarks.md). Forgotten at once in this process on logout, rotation
   * and update, and in every process through LISTEN.
   */
  private readonly cache = new Map<string, CachedSession>();
  /** Counts forgets, so a read that raced one is not cached (it may hold the row as it was before). */
  private forgets = 0;
  private readonly stopListening: (() => Promise<void>)[] = [];

  constructor(private readonly options: SessionStoreOptions) {}

  /** Listens for sessions ended or changed by any process, to forget them here. */
  async start(database: Pick<Database, 'listen'>): Promise<void> {
    for (const channel of ['sessionsEnded', 'sessionsChanged'] as const) {
      // A notice sent while the listening connection was lost never arrives: forget every cached session then.
      this.stopListening.push(await listen(database, channel, ({ sids }) => this.forget(sids), { onResumed: () => this.forgetAll() }));
    }
  }

  async close(): Promise<void> {
    for (const stop of this.stopListening.splice(0)) await stop();
    this.cache.clear();
  }

  private forget(sids: string[]): void {
    this.forgets += 1;
    for (const sid of sids) this.cache.delete(sid);
  }

  private forgetAll(): void {
    this.forgets += 1;
    this.cache.clear();
  }

  private get db() {
    return this.options.db;
  }

  /** The cookie's name: `__Host-sanga.sid` on https, `sanga.sid` otherwise. */
  get cookieName(): string {
    return sessionCookieName(this.options.secureCookies);
  }

  /**
   * Loads the session named by the signed cookie, with its member's roles in the same statement (the route guards'
   * actor, http/guards.ts); an unknown or expired one counts as none. A change of roles forgets the member's
   * sessions in every process (forgetUser), as a logout does.
   */
  async load(request: FastifyRequest): Promise<RequestSession> {
    const raw = request.cookies[this.cookieName];
    if (!raw) return { sid: null, data: {} };
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return { sid: null, data: {} };
    const sid = unsigned.value;
    const cached = this.cache.get(sid);
    if (cached && cached.until > Date.now() && cached.expire > Date.now()) return { sid, data: cached.data, roles: cached.roles };
    const forgetsBefore = this.forgets;
    const [row] = await this.db
      .select({ sess: sessions.sess, expire: sessions.expire, lastSeenAt: sessions.lastSeenAt, roles: users.roles })
      .from(sessions)
      .leftJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .where(eq(sessions.sid, sid))
      .limit(1);
    const now = Date.now();
    if (!row || row.expire.getTime() <= now) return { sid: null, data: {} };
    let expire = row.expire.getTime();
    if (expire - now < SESSION_IDLE_MS - TOUCH_EVERY_MS || now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
      expire = now + SESSION_IDLE_MS;
      await this.db
        .update(sessions)
        .set({ expire: new Date(expire), lastSeenAt: new Date(now) })
        .where(eq(sessions.sid, sid));
    }
    if (this.forgets === forgetsBefore) {
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
      this.cache.set(sid, { data: row.sess, roles: row.roles ?? [], expire, until: now + SESSION_CACHE_MS });
    }
    return { sid, data: row.sess, roles: row.roles ?? [] };
  }

  /**
   * Starts a fresh session with a new id, destroying the one the request came with:
   * an id known before sign-in is never valid after it.
   */
  async rotate(request: FastifyRequest, reply: FastifyReply, data: SessionData): Promise<void> {
    const sid = randomBytes(32).toString('base64url');
    const expire = new Date(Date.now() + SESSION_IDLE_MS).toISOString();
    // Shown in the member's session list, so they can tell their phone from a stranger's browser.
    const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
    // One statement, so atomic without a transaction: on the embedded database every round trip waits its turn
    // behind all other queries, and under load a three-step transaction made sign-in take seconds.
    await this.db.execute(sql`
      with retired as (delete from ${sessions} where ${sessions.sid} = ${request.session.sid ?? ''})
      insert into ${sessions} (sid, sess, expire, user_agent) values (${sid}, ${JSON.stringify(data)}::json, ${expire}::timestamptz, ${userAgent})
    `);
    if (request.session.sid) {
      this.forget([request.session.sid]);
      await notifySessionsEnded(this.db, [request.session.sid]);
    }
    request.session = { sid, data };
    reply.setCookie(this.cookieName, sid, this.cookieOptions());
    // The admin's own session (no user) gets no hint: the web app would only ask /api/auth/user for a 401.
    if (data.userId) {
      reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...this.cookieOptions(), httpOnly: false, signed: false });
      // Kept at logout: the next Get Started of this browser opens Sign in, not Create an account.
      reply.setCookie(RETURNING_BROWSER_COOKIE, '1', { ...this.cookieOptions(), signed: false, maxAge: RETURNING_BROWSER_MAX_AGE_SECONDS });
    } else this.clearHint(reply);
  }

  /** A hint left over from a session that is gone (expired, ended elsewhere): clear it, so the app stops asking. */
  clearStaleHint(request: FastifyRequest, reply: FastifyReply): void {
    if (!request.session.data.userId && request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined) this.clearHint(reply);
  }

  private clearHint(reply: FastifyReply): void {
    reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', secure: this.options.secureCookies });
  }

  /** Changes the data of the current session in place (same id). */
  async update(request: FastifyRequest, data: SessionData): Promise<void> {
    if (!request.session.sid) throw new Error('update() needs an existing session');
    await this.db.update(sessions).set({ sess: data }).where(eq(sessions.sid, request.session.sid));
    this.forget([request.session.sid]);
    await notify(this.db, 'sessionsChanged', { sids: [request.session.sid] });
    request.session = { sid: request.session.sid, data };
  }

  async destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.session.sid) {
      await this.db.delete(sessions).where(eq(sessions.sid, request.session.sid));
      this.forget([request.session.sid]);
      await notifySessionsEnded(this.db, [request.session.sid]);
    }
    request.session = { sid: null, data: {} };
    reply.clearCookie(this.cookieName, { path: '/', secure: this.options.secureCookies });
    this.clearHint(reply);
  }

  /**
   * The member's roles changed (the admin's grant, an accepted team invitation): every process reads their sessions
   * again, so a guard never admits on roles taken away (this process at once, the others at the notice).
   */
  async forgetUser(userId: string): Promise<void> {
    const rows = await this.db.select({ sid: sessions.sid }).from(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
    const sids = rows.map((row) => row.sid);
    this.forget(sids);
    for (let start = 0; start < sids.length; start += 100) await notify(this.db, 'sessionsChanged', { sids: sids.slice(start, start + 100) });
  }

  /** Ends every session of a user, optionally keeping one; inside a transaction the notice goes out at commit. */
  async destroyAllForUser(db: Db, userId: string, exceptSid?: string | null): Promise<void> {
    const ofUser = sql`${sessions.sess}->>'userId' = ${userId}`;
    const ended = await db
      .delete(sessions)
      .where(exceptSid ? and(ofUser, sql`${sessions.sid} <> ${exceptSid}`) : ofUser)
      .returning({ sid: sessions.sid });
    this.forget(ended.map((row) => row.sid));
    await notifySessionsEnded(db, ended.map((row) => row.sid));
  }

  /**
   * Which of these session ids still name a live session (the event hub re-checks its streams with it at each
   * heartbeat). The same statement marks them as streaming now, so any process can tell that their member is
   * reading live (a new message then needs no mail).
   */
  async liveSids(sids: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    // In slices: one statement may carry at most 65,535 parameters.
    for (let start = 0; start < sids.length; start += 5000) {
      const rows = await this.db
        .update(sessions)
        .set({ streamSeenAt: new Date() })
        .where(and(inArray(sessions.sid, sids.slice(start, start + 5000)), gt(sessions.expire, new Date())))
        .returning({ sid: sessions.sid });
      for (const row of rows) live.add(row.sid);
    }
    return live;
  }

  /** An event stream opened with this session (see liveSids). */
  async markStreaming(sid: string): Promise<void> {
    await this.db.update(sessions).set({ streamSeenAt: new Date() }).where(eq(sessions.sid, sid));
  }

  /** The member closed this session's last stream on this process: not reading live any more (see liveSids). */
  async markStreamClosed(sid: string): Promise<void> {
    await this.db.update(sessions).set({ streamSeenAt: null }).where(eq(sessions.sid, sid));
  }

  /** The member's live sessions, newest first; `current` is the one asking. No sid leaves: only the public id. */
  async listForUser(userId: string, currentSid: string | null): Promise<SessionSummary[]> {
    const rows = await this.db
      .select({ sid: sessions.sid, id: sessions.publicId, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(sql`${sessions.sess}->>'userId' = ${userId}`, gt(sessions.expire, new Date())))
      .orderBy(desc(sessions.lastSeenAt));
    return rows.map(({ sid, createdAt, lastSeenAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
      current: sid === currentSid,
    }));
  }

  /** Ends one session of the member by its public id (its streams close on every process); false when none. */
  async destroyOfUser(userId: string, publicId: string): Promise<boolean> {
    const ended = await this.db
      .delete(sessions)
      .where(and(eq(sessions.publicId, publicId), sql`${sessions.sess}->>'userId' = ${userId}`))
      .returning({ sid: sessions.sid });
    // Forgotten here at once: the NOTIFY reaches this process's own cache only a moment later.
    this.forget(ended.map((row) => row.sid));
    await notifySessionsEnded(this.db, ended.map((row) => row.sid));
    return ended.length > 0;
  }

  async purgeExpired(): Promise<number> {
    const deleted = await this.db.delete(sessions).where(lt(sessions.expire, new Date())).returning({ sid: sessions.sid });
    return deleted.length;
  }

  private cookieOptions() {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.options.secureCookies,
      signed: true,
      maxAge: SESSION_IDLE_MS / 1000,
    };
  }
}

/** Tells every process (LISTEN in the event hub and the session stores) that these sessions are over. */
async function notifySessionsEnded(db: Db, sids: string[]): Promise<void> {
  // A NOTIFY payload holds at most 8000 bytes: 100 ids of 43 characters fit with room to spare.
  for (let start = 0; start < sids.length; start += 100) {
    await notify(db, 'sessionsEnded', { sids: sids.slice(start, start + 100) });
  }
}
