import { sql } from 'drizzle-orm';
import type { DirectMessagePolicy } from '#domain/access';
import { BACKUP_MAX_AGE_MS, type LaunchChecklist } from '#domain/staff/launch-checklist';
import type { Db } from '#server/db/client';
import { latestSnapshotAt } from '#server/db/snapshots';
import { storyPublications, users, volunteerApplications } from '#server/db/schema';
import { listedVolunteer } from '#server/policy/sql-facts';
import type { SiteContentService } from './site-content.service';

export interface LaunchFacts {
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  elderApprovals: number;
  directMessages: DirectMessagePolicy;
  /** The embedded database's folder (its snapshots are in backups/); undefined on PostgreSQL. */
  embeddedDataDir: string | undefined;
}

/**
 * What this deployment still lacks before real members come. On PostgreSQL the backups are the
 * operator's (pg_dump, the provider's snapshots): the server cannot see them, so that item counts as done
 * (docs/deploy.md says so).
 */
export async function launchChecklistOf(db: Db, siteContent: SiteContentService, facts: LaunchFacts, now = new Date()): Promise<LaunchChecklist> {
  const site = await siteContent.current();
  // A published story (issue 51 part 5) takes the samples' place on the landing page as well as the admin's own words.
  const [stories] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(storyPublications);
  const [roles] = await db
    .select({
      coordinator: sql<boolean>`bool_or('coordinator' = any(${users.roles}))`,
      elder: sql<boolean>`bool_or('elder' = any(${users.roles}))`,
    })
    .from(users)
    .where(sql`cardinality(${users.roles}) > 0`);
  // The mentors the Guidance page lists (approved, with a photo, not suspended): members who ask for a consultation
  // are told a mentor will meet them, and the landing offers "Meet the Mentors" only once there is one.
  const [mentors] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(volunteerApplications).where(listedVolunteer);
  const snapshotAt = facts.embeddedDataDir === undefined ? undefined : latestSnapshotAt(facts.embeddedDataDir);
  return [
    { item: 'sample-testimonials', done: !site.sampleTestimonials || (stories?.count ?? 0) > 0 },
    { item: 'smtp', done: Boolean(facts.smtpUrl) },
    { item: 'https', done: facts.publicUrl?.startsWith('https://') ?? false },
    { item: 'coordinator', done: roles?.coordinator === true },
    // The setting is shown done or not: with 0, elders are appointed to a review that never comes.
    { item: 'elder', done: facts.elderApprovals === 0 || roles?.elder === true, approvals: facts.elderApprovals },
    { item: 'mentors', done: (mentors?.count ?? 0) > 0, count: mentors?.count ?? 0 },
    // Open messaging lets any match write first; a community launch keeps first contact to its coordinators.
    { item: 'direct-messages', done: facts.directMessages === 'introductions-only', mode: facts.directMessages },
    { item: 'donation-link', done: site.donationUrl !== null },
    { item: 'backup', done: snapshotAt === undefined || (snapshotAt !== null && now.getTime() - snapshotAt.getTime() <= BACKUP_MAX_AGE_MS) },
  ];
}
