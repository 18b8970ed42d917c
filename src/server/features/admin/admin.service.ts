import { createHash, timingSafeEqual } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { displayAge } from '../../../domain/age';
import { splitName } from '../../../domain/profile';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '../../../domain/admin';
import type { Db } from '../../db/client';
import { adminAudit, partnerApplications, profiles, users, volunteerApplications } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import { toVolunteerProfile } from '../volunteers/volunteers.service';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Who an audit row is about: the session (stored only as a short hash) and the address. Routes build it. */
export interface AuditActor {
  sessionId: string | null | undefined;
  ip: string;
}

function toAdminVolunteerApplication(row: typeof volunteerApplications.$inferSelect): AdminVolunteerApplication {
  const { donationInfo: _donationInfo, minimumDonation: _minimumDonation, ...view } = toVolunteerProfile(row);
  return view;
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly adminPassword: string | undefined,
    /** Runs in the approval's transaction when an application becomes approved (the applicant's mail). */
    private readonly onApproved: (tx: Db, userId: string) => Promise<void> = async () => undefined,
  ) {}

  /** Constant-time comparison (of fixed-length digests, so the length leaks nothing either). */
  checkPassword(password: string): void {
    if (!this.adminPassword) throw forbidden('Admin sign-in is off: ADMIN_PASSWORD is not set');
    if (!timingSafeEqual(sha256(password), sha256(this.adminPassword))) throw unauthorized('Invalid password');
  }

  async audit(actor: AuditActor, action: string, target?: { type: string; id: string }, details?: Record<string, unknown>) {
    await this.db.insert(adminAudit).values({
      action,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      details: details ?? null,
      sessionHash: actor.sessionId ? sha256(actor.sessionId).toString('hex').slice(0, 16) : null,
      ip: actor.ip,
    });
  }

  async listUserProfiles(): Promise<AdminUserProfile[]> {
    const rows = await this.db
      .select({ profile: profiles, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .orderBy(desc(profiles.createdAt));
    return rows.map(({ profile, email, emailVerifiedAt }) => {
      const { firstName, lastName } = splitName(profile.name);
      return {
        id: profile.id,
        userId: profile.userId,
        firstName,
        lastName,
        email,
        gender: profile.gender,
        dateOfBirth: profile.dateOfBirth,
        age: displayAge(profile),
        exactLocation: profile.exactLocation,
        communityAffiliation: profile.communityAffiliation,
        photos: profile.photos,
        profileComplete: profile.profileComplete,
        profileActive: profile.profileActive,
        emailVerified: emailVerifiedAt !== null,
        createdAt: profile.createdAt.toISOString(),
      };
    });
  }

  async listPartnerApplications(): Promise<AdminPartnerApplication[]> {
    const rows = await this.db.select().from(partnerApplications).orderBy(desc(partnerApplications.createdAt));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  async listVolunteerApplications(): Promise<AdminVolunteerApplication[]> {
    const rows = await this.db.select().from(volunteerApplications).orderBy(desc(volunteerApplications.createdAt));
    return rows.map(toAdminVolunteerApplication);
  }

  async setVolunteerApproval(id: string, approved: boolean): Promise<AdminVolunteerApplication> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ approved: volunteerApplications.approved })
        .from(volunteerApplications)
        .where(eq(volunteerApplications.id, id))
        .for('update');
      const [row] = await tx.update(volunteerApplications).set({ approved }).where(eq(volunteerApplications.id, id)).returning();
      if (!before || !row) throw notFound('Volunteer application not found');
      if (approved && !before.approved && row.userId) await this.onApproved(tx as unknown as Db, row.userId);
      return toAdminVolunteerApplication(row);
    });
  }
}
