import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { ACCOUNT_DELETED_NOTE } from '#domain/safety/safety';
import { adminAudit, conversations, introductionStories, jobs, messageHolds, messages, profiles, reports, selfieChecks, uploads, users, volunteerApplications } from '#server/db/schema';
import { enqueue, enqueueMail } from '#server/jobs/outbox';
import { deleteObjectsJob } from '#server/jobs/delete-objects-job';
import { composeMail } from '#server/mail/templates';
import type { Language } from '#domain/language/language';
import { greetingNameOf } from '#server/mail/recipient';
import { scheduleErase } from '#server/jobs/erase-deleted-job';
import { notifyProfileChanged } from '#server/events/changes';
import { holdSignups, type SessionStore } from '../auth';
import { deletedEmail, deletedId, redactDetails, type Redaction } from './audit-hash';
import { endIntroductionsOfDeletedMember } from '../introductions';
import { reportContext } from '../safety';

/** What the steps know of the member being deleted, read before anything is removed. */
export interface DeletionContext {
  userId: string;
  email: string;
  /** The mail confirming the deletion goes in this language, greeting them by name. */
  language: Language;
  greetingName: string | null;
  /** The member asked, or the retention pass deletes an account unused for three years. */
  why: 'request' | 'inactive';
  profileId: string | null;
  applicationId: string | null;
  sessions: SessionStore;
  /** The installation's key for the audit log's hashes (audit-hash.ts). */
  auditSecret: string;
}

/**
 * Deleting an account, one entry a kind of data, all in one transaction (account.service.ts runs them in order;
 * the user row itself goes last and takes with it everything that cascades: profile, volunteer application, uploads, tokens, blocks, the reports they filed, introductions; reports against them stay).
 * A feature that keeps data about a member adds its step here.
 */
export interface DeletionStep {
  name: string;
  run(tx: Db, member: DeletionContext): Promise<void>;
}

export const deletionSteps: DeletionStep[] = [
  {
    // Photos: the files go after commit, through a durable job (disk or bucket), so a storage outage only delays them.
    name: 'photos',
    async run(tx, { userId }) {
      const rows = await tx.select({ id: uploads.id, objectKey: uploads.objectKey }).from(uploads).where(eq(uploads.userId, userId));
      // A ticket never registered may have left a raw upload in a bucket under incoming/<ticket id>.
      const keys = rows.map((row) => row.objectKey ?? `incoming/${row.id}`);
      // A selfie still waiting for a coordinator (issue 50): the rows go with the account (cascade), the file here.
      const selfies = await tx.select({ objectKey: selfieChecks.objectKey }).from(selfieChecks).where(and(eq(selfieChecks.userId, userId), isNotNull(selfieChecks.objectKey)));
      keys.push(...selfies.map((row) => row.objectKey!));
      // Her photo of the two for a story (issue 51): the row goes with the account, which takes the story down.
      const stories = await tx.select({ photoKey: introductionStories.photoKey }).from(introductionStories).where(and(eq(introductionStories.userId, userId), isNotNull(introductionStories.photoKey)));
      keys.push(...stories.map((row) => row.photoKey!));
      if (keys.length > 0) await enqueue(tx, deleteObjectsJob, { keys });
    },
  },
  {
    // The action stays on record, the person does not: their ids and email become keyed hashes (audit-hash.ts),
    // in the target, the actor and anywhere in the details (a proposal's memberB, a dismissed report's userId, a
    // search for her email). A search for part of an email cannot be told from any other search and stays.
    name: 'audit',
    async run(tx, { userId, email, profileId, applicationId, auditSecret }) {
      const ids = [userId, profileId, applicationId].filter((id): id is string => id !== null);
      for (const id of ids) await tx.update(adminAudit).set({ targetId: deletedId(auditSecret, id) }).where(eq(adminAudit.targetId, id));
      // A coordinator or elder who acted: the uuid column cannot hold the hash, so it moves into the details.
      await tx
        .update(adminAudit)
        .set({ actorUserId: null, details: sql`(coalesce(${adminAudit.details}::jsonb, '{}'::jsonb) || jsonb_build_object('actor', ${deletedId(auditSecret, userId)}::text))::json` })
        .where(eq(adminAudit.actorUserId, userId));
      const redactions: Redaction[] = [
        { find: email, replace: deletedEmail(auditSecret, email) },
        ...ids.map((id) => ({ find: id, replace: deletedId(auditSecret, id) })),
      ];
      // strpos, not LIKE: an email's "_" would be a wildcard.
      const named = await tx
        .select({ id: adminAudit.id, details: adminAudit.details })
        .from(adminAudit)
        .where(or(...redactions.map(({ find }) => sql`strpos(lower(${adminAudit.details}::text), ${find.toLowerCase()}) > 0`)));
      for (const row of named) {
        await tx.update(adminAudit).set({ details: redactDetails(row.details, redactions) as Record<string, unknown> }).where(eq(adminAudit.id, row.id));
      }
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
    // An open introduction ends with the account (the row cascades); the other person, if it had reached
    // them, and the coordinator are told as for any ending: a neutral notice and a mail, naming nobody.
    name: 'introductions',
    async run(tx, { userId }) {
      await endIntroductionsOfDeletedMember(tx, userId);
    },
  },
  {
    // Reports against the member stay, under the hashed id, with the reported messages kept as evidence
    // (they go with the account); open ones are closed "account deleted", and the email may not sign up again for
    // SIGNUP_HOLD_DAYS. Reports the member filed go with the account (the reporter asked to be forgotten).
    name: 'reports',
    async run(tx, { userId, email, auditSecret }) {
      const against = await tx.select().from(reports).where(eq(reports.reportedId, userId));
      if (against.length === 0) return;
      // The same keyed hash as in the audit log (audit-hash.ts), so the admin can tie the two together.
      const hash = deletedId(auditSecret, userId);
      const now = new Date();
      for (const report of against) {
        const [message] = report.messageId ? await tx.select().from(messages).where(eq(messages.id, report.messageId)).limit(1) : [];
        const evidence = message
          ? { messageId: message.id, messages: (await reportContext(tx, message)).map((m) => ({ ...m, senderId: m.senderId === userId ? hash : m.senderId })) }
          : null;
        const closing = report.status === 'open' ? { status: 'resolved' as const, resolvedAt: now, resolutionNote: ACCOUNT_DELETED_NOTE } : {};
        await tx.update(reports).set({ reportedHash: hash, evidence, ...closing }).where(eq(reports.id, report.id));
      }
      if (against.some((report) => report.status === 'open')) await holdSignups(tx, auditSecret, email, now);
    },
  },
  {
    // The other person keeps the thread. The member's side of every message and conversation becomes one
    // random id that names nobody (not even the audit log's hash), shown as "a deleted member"; a conversation whose
    // other side is already gone has no reader left and goes. After "reports", which copies evidence under the hash.
    name: 'messages',
    async run(tx, { userId }) {
      await tx.execute(sql`
        delete from ${messages} m
        where (m.sender_id = ${userId} and (m.receiver_id = ${userId} or not exists (select 1 from ${users} u where u.id = m.receiver_id)))
           or (m.receiver_id = ${userId} and not exists (select 1 from ${users} u where u.id = m.sender_id))`);
      await tx.delete(conversations).where(eq(conversations.userId, userId));
      const departed = randomUUID();
      await tx.update(messages).set({ senderId: departed }).where(eq(messages.senderId, userId));
      await tx.update(messages).set({ receiverId: departed }).where(eq(messages.receiverId, userId));
      await tx.update(conversations).set({ otherId: departed }).where(eq(conversations.otherId, userId));
    },
  },
  {
    // Her messages held back before an introduction go (the staff's count with them); holds on their way to her stay
    // as the sender's record, naming nobody (receiver_id set null by its foreign key when the user row goes).
    name: 'message holds',
    async run(tx, { userId }) {
      await tx.delete(messageHolds).where(eq(messageHolds.senderId, userId));
      await tx.update(messageHolds).set({ receiverId: null }).where(eq(messageHolds.receiverId, userId));
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
  {
    // A mail confirms the deletion to the address, through the outbox like every mail (sent after
    // commit, retried). After "outbox", which removes every queued mail to this address; the job names nobody but
    // the address it goes to, and a sent mail's row is purged with the outbox's done jobs.
    name: 'confirmation',
    async run(tx, { email, language, greetingName: name, why }) {
      await enqueueMail(tx, composeMail(email, language, 'accountDeleted', { why }, { greet: name }));
    },
  },
  {
    // The deleted rows' bytes leave the database files within the day (db/erase-deleted.ts).
    name: 'files',
    async run(tx) {
      await scheduleErase(tx);
    },
  },
];

/** Reads what the steps need before anything is deleted. */
export async function deletionContext(
  tx: Db,
  userId: string,
  sessions: SessionStore,
  auditSecret: string,
  why: DeletionContext['why'],
): Promise<DeletionContext | null> {
  const [row] = await tx
    .select({ email: users.email, language: users.language, accountFirstName: users.firstName, profileName: profiles.name, profileId: profiles.id, applicationId: volunteerApplications.id })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(volunteerApplications, eq(volunteerApplications.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users })
    .limit(1);
  if (!row) return null;
  return { userId, email: row.email, language: row.language, greetingName: greetingNameOf(row.profileName, row.accountFirstName), why, profileId: row.profileId, applicationId: row.applicationId, sessions, auditSecret };
}
