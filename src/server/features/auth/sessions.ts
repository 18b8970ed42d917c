import { randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { sessions, type SessionData } from '../../db/schema';
import { unauthorized } from '../../errors';

export const SESSION_COOKIE = 'sanga.sid';
/** Idle expiry: a session unused for this long is gone. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** Extend the expiry at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface RequestSession {
  sid: string | null;
  data: SessionData;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

export interface SessionStoreOptions {
  db: Db;
  secureCookies: boolean;
}

export class SessionStore {
  constructor(private readonly options: SessionStoreOptions) {}

  private get db() {
    return this.options.db;
  }

  /** Loads the session named by the signed cookie; an unknown or expired one counts as none. */
  async load(request: FastifyRequest): Promise<RequestSession> {
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return { sid: null, data: {} };
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return { sid: null, data: {} };
    const sid = unsigned.value;
    const [row] = await this.db.select().from(sessions).where(eq(sessions.sid, sid)).limit(1);
    const now = Date.now();
    if (!row || row.expire.getTime() <= now) return { sid: null, data: {} };
    if (row.expire.getTime() - now < SESSION_IDLE_MS - TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ expire: new Date(now + SESSION_IDLE_MS) })
        .where(eq(sessions.sid, sid));
    }
    return { sid, data: row.sess };
  }

  /**
   * Starts a fresh session with a new id, destroying the one the request came with:
   * an id known before sign-in is never valid after it.
   */
  async rotate(request: FastifyRequest, reply: FastifyReply, data: SessionData): Promise<void> {
    const sid = randomBytes(32).toString('base64url');
    const expire = new Date(Date.now() + SESSION_IDLE_MS).toISOString();
    // One statement, so atomic without a transaction: on the embedded database every round trip waits its turn
    // behind all other queries, and under load a three-step transaction made sign-in take seconds.
    await this.db.execute(sql`
      with retired as (delete from ${sessions} where ${sessions.sid} = ${request.session.sid ?? ''})
      insert into ${sessions} (sid, sess, expire) values (${sid}, ${JSON.stringify(data)}::json, ${expire}::timestamptz)
    `);
    request.session = { sid, data };
    reply.setCookie(SESSION_COOKIE, sid, this.cookieOptions());
  }

  /** Changes the data of the current session in place (same id). */
  async update(request: FastifyRequest, data: SessionData): Promise<void> {
    if (!request.session.sid) throw new Error('update() needs an existing session');
    await this.db.update(sessions).set({ sess: data }).where(eq(sessions.sid, request.session.sid));
    request.session = { sid: request.session.sid, data };
  }

  async destroy(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (request.session.sid) await this.db.delete(sessions).where(eq(sessions.sid, request.session.sid));
    request.session = { sid: null, data: {} };
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Ends every session of a user, optionally keeping one. */
  async destroyAllForUser(db: Db, userId: string, exceptSid?: string | null): Promise<void> {
    const ofUser = sql`${sessions.sess}->>'userId' = ${userId}`;
    await db
      .delete(sessions)
      .where(exceptSid ? and(ofUser, sql`${sessions.sid} <> ${exceptSid}`) : ofUser);
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

/** The signed-in user's id, or 401. */
export function requireUserId(request: FastifyRequest): string {
  const userId = request.session.data.userId;
  if (!userId) throw unauthorized();
  return userId;
}
