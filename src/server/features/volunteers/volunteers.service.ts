import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { REVENUE_SPLIT_POLICY_VERSION, withoutAgreementText, type PublicVolunteer, type VolunteerApplicationInput, type VolunteerProfile } from '#domain/volunteers/volunteer';
import type { Db } from '#server/db/client';
import { uploads, volunteerApplications } from '#server/db/schema';
import { badRequest, fieldError, notFound } from '#server/errors';
import { listedVolunteer } from '#server/policy/sql-facts';
import { objectKeyFromPath } from '../photos';

type ApplicationRow = typeof volunteerApplications.$inferSelect;

export function toVolunteerProfile(row: ApplicationRow): VolunteerProfile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    dateOfBirth: row.dateOfBirth,
    contribution: row.contribution,
    background: row.background,
    donationInfo: row.donationInfo,
    minimumDonation: row.minimumDonation,
    photo: row.photo,
    approved: row.approved,
    createdAt: row.createdAt.toISOString(),
    agreement: {
      agreed: row.agreedToRevenueSplit,
      agreedAt: row.agreedAt?.toISOString() ?? null,
      policyVersion: row.agreementPolicyVersion,
    },
  };
}

export class VolunteersService {
  constructor(private readonly db: Db) {}

  /**
   * One application per user. A second submission updates it and sends it back to review
   * (approved = false), so what the Guidance page shows is always what an admin approved.
   */
  async apply(userId: string, input: VolunteerApplicationInput): Promise<{ row: ApplicationRow; created: boolean }> {
    return this.db.transaction(async (tx) => {
      const values = {
        name: input.name,
        email: input.email,
        dateOfBirth: input.dateOfBirth ?? null,
        contribution: input.contribution,
        // The spec's payload appends the agreement sentence; it is stored as the fact below instead.
        background: withoutAgreementText(input.background),
        // The schema requires agreeToRevenueSplit === true; each (re)submission renews the agreement.
        agreedToRevenueSplit: true,
        agreedAt: new Date(),
        agreementPolicyVersion: REVENUE_SPLIT_POLICY_VERSION,
        donationInfo: input.donationInfo ?? null,
        minimumDonation: input.minimumDonation ?? null,
      };
      // INSERT … ON CONFLICT: SELECT … FOR UPDATE locks nothing when no row exists yet, so concurrent
      // first submissions each inserted a row. The unique user_id makes the loser wait and then update.
      const [inserted] = await tx.insert(volunteerApplications).values({ ...values, userId }).onConflictDoNothing({ target: volunteerApplications.userId }).returning();
      if (inserted) return { row: inserted, created: true };
      const [row] = await tx.update(volunteerApplications).set({ ...values, approved: false }).where(eq(volunteerApplications.userId, userId)).returning();
      return { row: row!, created: false };
    });
  }

  async findOwn(userId: string): Promise<ApplicationRow | null> {
    const [row] = await this.db.select().from(volunteerApplications).where(eq(volunteerApplications.userId, userId)).limit(1);
    return row ?? null;
  }

  /** Sets the volunteer photo: one of the user's own uploads, which becomes public. */
  async setPhoto(userId: string, photoPath: string): Promise<ApplicationRow> {
    const key = objectKeyFromPath(photoPath);
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(volunteerApplications).where(eq(volunteerApplications.userId, userId)).for('update').limit(1);
      if (!existing) throw notFound('volunteer-application-missing');
      // A photo already shown privately on the profile never becomes public this way: upload a new one.
      const marked = await tx
        .update(uploads)
        .set({ purpose: 'volunteer' })
        .where(and(eq(uploads.userId, userId), eq(uploads.objectKey, key), or(isNull(uploads.purpose), eq(uploads.purpose, 'volunteer'))))
        .returning({ id: uploads.id });
      if (marked.length === 0) throw badRequest('photo-not-yours', [fieldError('photo', 'photoUnknown')]);
      // A new public photo goes back to review, as a changed application does: only what an admin approved is public.
      const approved = existing.approved && existing.photo === photoPath;
      const [row] = await tx.update(volunteerApplications).set({ photo: photoPath, approved }).where(eq(volunteerApplications.id, existing.id)).returning();
      return row!;
    });
  }

  /** Whether Guidance lists any mentor: the landing offers "Meet the Mentors" only then. */
  async anyListed(): Promise<boolean> {
    const [row] = await this.db.select({ id: volunteerApplications.id }).from(volunteerApplications).where(listedVolunteer).limit(1);
    return row !== undefined;
  }

  /** Guidance lists only approved volunteers with a photo (spec §4), newest first. */
  async listPublic(): Promise<PublicVolunteer[]> {
    const rows = await this.db
      .select({
        id: volunteerApplications.id,
        userId: volunteerApplications.userId,
        name: volunteerApplications.name,
        photo: volunteerApplications.photo,
        contribution: volunteerApplications.contribution,
        background: volunteerApplications.background,
        donationInfo: volunteerApplications.donationInfo,
        minimumDonation: volunteerApplications.minimumDonation,
      })
      .from(volunteerApplications)
      .where(listedVolunteer)
      .orderBy(desc(volunteerApplications.createdAt));
    return rows;
  }
}
