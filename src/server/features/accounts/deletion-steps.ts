import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit, jobs, profiles, uploads, users, volunteerApplications } from '../../db/schema';
import { enqueueJob } from '../../jobs/outbox';
import { notifyProfileChanged } from '../matches/match-index';
import type { SessionStore } from '../auth/sessions';
import { sha256 } from '../auth/email-tokens';

/** The job that deletes stored objects (photos) after the rows that named them are gone; retried until it works. */
export const DELETE_OBJECTS_JOB = 'delete-objects';

/** What the steps know of the member being deleted, read before anything is removed. */
export interface DeletionContext {
  userId: string;
  email: string;
  profileId: string | null;
  applicationId: string | null;
  sessions: SessionStore;
}

/**
 * Deleting an account, one entry a kind of data, all in one transaction (account.service.ts runs them in order;
 * the user row itself goes last and takes with it everything that cascades: profile, messages, volunteer
 * application, uploads, tokens). A feature that keeps data about a member adds its step here: ending open
 * introductions with a neutral notice (introductions work), blocks and reports made (safety work).
 */
export interface DeletionStep {
  name: string;
  run(tx: Db, member: DeletionContext): Promise<void>;
}

/** How an audit row names someone who is gone: a hash, so the action stays on record but the person does not. */
export const hashedId = (id: string) => `deleted:${sha256(`sanga-deleted-user:${id}`).slice(0, 32)}`;

export const deletionSteps: DeletionStep[] = [
  {
    // Photos: the files go after commit, through a durable job (disk or bucket), so a storage outage only delays them.
    name: 'photos',
    async run(tx, { userId }) {
      const rows = await tx.select({ id: uploads.id, objectKey: uploads.objectKey }).from(uploads).where(eq(uploads.userId, userId));
      // A ticket never registered may have left a raw upload in a bucket under incoming/<ticket id>.
      const keys = rows.map((row) => row.objectKey ?? `incoming/${row.id}`);
      if (keys.length > 0) await enqueueJob(tx, DELETE_OBJECTS_JOB, { keys });
    },
  },
  {
    name: 'audit',
    async run(tx, { userId, profileId, applicationId }) {
      const ids = [userId, profileId, applicationId].filter((id): id is string => id !== null);
      for (const id of ids) await tx.update(adminAudit).set({ targetId: hashedId(id) }).where(eq(adminAudit.targetId, id));
    },
  },
  {
    // Mails not sent yet to the member, and notices about them, would name a person who is gone.
    name: 'outbox',
    async run(tx, { userId, email }) {
      await tx
        .delete(jobs)
        .where(
          or(
            sql`${jobs.payload}->>'to' = ${email}`,
            sql`${jobs.payload}->>'receiverId' = ${userId}`,
            sql`${jobs.payload}->>'senderId' = ${userId}`,
            sql`${jobs.dedupeKey} like ${`%${userId}%`}`,
          ),
        );
    },
  },
  {
    // Every session and, through the NOTIFY sent at commit, every event stream on every process.
    name: 'sessions',
    async run(tx, { userId, sessions }) {
      await sessions.destroyAllForUser(tx, userId);
    },
  },
  {
    // The user row and all that cascades; then every process's match index drops the profile (NOTIFY at commit).
    name: 'account',
    async run(tx, { userId, profileId }) {
      await tx.delete(users).where(eq(users.id, userId));
      if (profileId) await notifyProfileChanged(tx, profileId);
    },
  },
];

/** Reads what the steps need before anything is deleted. */
export async function deletionContext(tx: Db, userId: string, sessions: SessionStore): Promise<DeletionContext | null> {
  const [row] = await tx
    .select({ email: users.email, profileId: profiles.id, applicationId: volunteerApplications.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(volunteerApplications, eq(volunteerApplications.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users })
    .limit(1);
  return row ? { userId, email: row.email, profileId: row.profileId, applicationId: row.applicationId, sessions } : null;
}
