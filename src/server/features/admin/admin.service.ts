import { createHash, timingSafeEqual } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { displayAge } from '../../../domain/age';
import { splitName } from '../../../domain/profile';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '../../../domain/admin';
import type { RolesInput, TeamMember } from '../../../domain/introductions';
import type { MemberRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { adminAudit, partnerApplications, profiles, users, volunteerApplications } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import { toVolunteerProfile } from '../volunteers/volunteers.service';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Who an audit row is about: the session (stored only as a short hash) and the address. Routes build it. */
export interface AuditActor {
  sessionId: string | null | undefined;
  ip: string;
  /** The member who acted, when a coordinator or an elder did (issue 16); absent for the admin session. */
  userId?: string | undefined;
}

function toAdminVolunteerApplication(row: typeof volunteerApplications.$inferSelect): AdminVolunteerApplication {
  const { donationInfo: _donationInfo, minimumDonation: _minimumDonation, ...view } = toVolunteerProfile(row);
  return view;
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly adminPassword: string | undefined,
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
      actorUserId: actor.userId ?? null,
      ip: actor.ip,
    });
  }

  async listUserProfiles(): Promise<AdminUserProfile[]> {
    const rows = await this.db
      .select({ profile: profiles, email: users.email, suspendedAt: users.suspendedAt, roles: users.roles })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .orderBy(desc(profiles.createdAt));
    return rows.map(({ profile, email, suspendedAt, roles }) => {
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
        suspended: suspendedAt !== null,
        roles,
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
    const [row] = await this.db.update(volunteerApplications).set({ approved }).where(eq(volunteerApplications.id, id)).returning();
    if (!row) throw notFound('Volunteer application not found');
    return toAdminVolunteerApplication(row);
  }

  /** Grants or removes the coordinator and elder roles of a member account (issue 16). */
  async setRoles(userId: string, input: RolesInput): Promise<{ userId: string; roles: MemberRole[] }> {
    const roles: MemberRole[] = [...(input.coordinator ? (['coordinator'] as const) : []), ...(input.elder ? (['elder'] as const) : [])];
    const [row] = await this.db.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id, roles: users.roles });
    if (!row) throw notFound('User not found');
    return { userId: row.id, roles: row.roles };
  }

  /** Every account holding a role, by name. */
  async listTeam(): Promise<TeamMember[]> {
    const rows = await this.db
      .select({ userId: users.id, email: users.email, name: profiles.name, roles: users.roles })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(sql`cardinality(${users.roles}) > 0`)
      .orderBy(asc(profiles.name), asc(users.email));
    return rows;
  }
}
