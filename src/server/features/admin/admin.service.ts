import { createHash, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { displayAge } from '#domain/profile/age';
import { splitName } from '#domain/profile/profile';
import type { AdminPartnerApplication, AdminUserProfile, AdminVolunteerApplication } from '#domain/staff/admin';
import type { AdminProfileStatus, ListParams, VolunteerApplicationStatus } from '#domain/staff/list-query';
import type { RolesInput, TeamMember } from '#domain/introductions/introductions';
import type { MemberRole } from '#domain/staff/roles';
import type { Db } from '#server/db/client';
import { partnerApplications, profiles, users, volunteerApplications } from '#server/db/schema';
import { forbidden, notFound, unauthorized } from '#server/errors';
import { readPage, textSearch, type Page } from '#server/db/paged-list';
import { toVolunteerProfile } from '../volunteers';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

function toAdminVolunteerApplication(row: typeof volunteerApplications.$inferSelect): AdminVolunteerApplication {
  const { donationInfo: _donationInfo, minimumDonation: _minimumDonation, ...view } = toVolunteerProfile(row);
  return view;
}

/** spec §4's display status as SQL, the same rule as domain/staff/admin.ts adminProfileStatus. */
const profileStatusCondition: Record<AdminProfileStatus, SQL> = {
  incomplete: eq(profiles.profileComplete, false),
  active: and(eq(profiles.profileComplete, true), eq(profiles.profileActive, true))!,
  inactive: and(eq(profiles.profileComplete, true), eq(profiles.profileActive, false))!,
  // A subquery on profiles' own user_id, so the count needs no join.
  suspended: sql`${profiles.userId} in (select ${users.id} from ${users} where ${users.suspendedAt} is not null)`,
};

/** A roles change: the roles now held, and which of them this change granted or removed. */
export interface RolesChange {
  userId: string;
  roles: MemberRole[];
  granted: MemberRole[];
  removed: MemberRole[];
}

/** What the admin sees of an account beside its profile. */
interface AccountFacts {
  suspendedAt: Date | null;
  roles: MemberRole[];
  emailVerifiedAt: Date | null;
}

function toAdminUserProfile(profile: typeof profiles.$inferSelect, email: string, account: AccountFacts): AdminUserProfile {
  const { firstName, lastName } = splitName(profile.name);
  return {
    id: profile.id,
    userId: profile.userId,
    firstName,
    lastName,
    email,
    gender: profile.gender,
    age: displayAge(profile),
    exactLocation: profile.exactLocation,
    communityAffiliation: profile.communityAffiliation,
    photos: profile.photos,
    profileComplete: profile.profileComplete,
    profileActive: profile.profileActive,
    suspended: account.suspendedAt !== null,
    roles: account.roles,
    emailVerified: account.emailVerifiedAt !== null,
    createdAt: profile.createdAt.toISOString(),
  };
}

export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly adminPassword: string | undefined,
    /** Runs in the approval's transaction when an application becomes approved (the applicant's mail). */
    private readonly onApproved: (tx: Db, userId: string) => Promise<void> = async () => undefined,
    /** Runs in the roles' transaction for each role newly granted (the member's mail). */
    private readonly onRoleGranted: (tx: Db, userId: string, role: MemberRole) => Promise<void> = async () => undefined,
  ) {}

  /** Constant-time comparison (of fixed-length digests, so the length leaks nothing either). */
  checkPassword(password: string): void {
    if (!this.adminPassword) throw forbidden('admin-sign-in-off');
    if (!timingSafeEqual(sha256(password), sha256(this.adminPassword))) throw unauthorized('admin-password-wrong');
  }

  /** Newest first; `q` searches name, email and location; `status` is the spec's display status. */
  async listUserProfiles(params: ListParams<AdminProfileStatus> = { offset: 0 }): Promise<Page<AdminUserProfile>> {
    const where = and(
      textSearch(params.q, [
        profiles.name,
        profiles.exactLocation,
        // The email lives on users: its own trigram index finds the ids, and the profiles' unique user_id index
        // takes them, so the three searches combine as one bitmap OR instead of a scan of the join.
        (pattern) => sql`${profiles.userId} = any(array(select ${users.id} from ${users} where ${users.email} ilike ${pattern}))`,
      ]),
      params.status ? profileStatusCondition[params.status] : undefined,
    );
    const page = await readPage(this.db, params, {
      rows: (tx, { limit, offset }) => {
        // The page's ids first, from the (created_at, id) index alone, and only then the wide rows and their
        // accounts: a deep page skips index entries instead of joining and discarding every row before it
        // (page 2,500 of 100,000: 280 ms → 6 ms on PostgreSQL, docs/benchmarks.md).
        const pageIds = tx.select({ id: profiles.id }).from(profiles).where(where).orderBy(desc(profiles.createdAt), desc(profiles.id)).offset(offset).$dynamic();
        return tx
          .select({ profile: profiles, email: users.email, suspendedAt: users.suspendedAt, roles: users.roles, emailVerifiedAt: users.emailVerifiedAt })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.userId))
          .where(inArray(profiles.id, limit === undefined ? pageIds : pageIds.limit(limit)))
          .orderBy(desc(profiles.createdAt), desc(profiles.id));
      },
      total: async (tx) => (await tx.select({ total: count() }).from(profiles).where(where))[0]!.total,
    });
    return { total: page.total, rows: page.rows.map(({ profile, email, suspendedAt, roles, emailVerifiedAt }) => toAdminUserProfile(profile, email, { suspendedAt, roles, emailVerifiedAt })) };
  }

  /** Newest first, one page (never the whole table). */
  async listPartnerApplications(params: { limit: number; offset: number }): Promise<Page<AdminPartnerApplication>> {
    const page = await readPage(this.db, params, {
      rows: (tx, { limit, offset }) =>
        tx
          .select()
          .from(partnerApplications)
          .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
          .limit(limit ?? params.limit)
          .offset(offset),
      total: async (tx) => (await tx.select({ total: count() }).from(partnerApplications))[0]?.total ?? 0,
    });
    return { ...page, rows: page.rows.map(({ userId: _userId, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  }

  /** Newest first; `q` searches name and email; `status` pending (awaiting review) or approved. */
  async listVolunteerApplications(params: ListParams<VolunteerApplicationStatus> = { offset: 0 }): Promise<Page<AdminVolunteerApplication>> {
    const where = and(
      textSearch(params.q, [volunteerApplications.name, volunteerApplications.email]),
      params.status ? eq(volunteerApplications.approved, params.status === 'approved') : undefined,
    );
    const page = await readPage(this.db, params, {
      rows: (tx, { limit, offset }) => {
        const query = tx
          .select()
          .from(volunteerApplications)
          .where(where)
          .orderBy(desc(volunteerApplications.createdAt), desc(volunteerApplications.id))
          .offset(offset)
          .$dynamic();
        return limit === undefined ? query : query.limit(limit);
      },
      total: async (tx) => (await tx.select({ total: count() }).from(volunteerApplications).where(where))[0]!.total,
    });
    return { total: page.total, rows: page.rows.map(toAdminVolunteerApplication) };
  }

  async setVolunteerApproval(id: string, approved: boolean): Promise<AdminVolunteerApplication> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ approved: volunteerApplications.approved })
        .from(volunteerApplications)
        .where(eq(volunteerApplications.id, id))
        .for('update');
      const [row] = await tx.update(volunteerApplications).set({ approved }).where(eq(volunteerApplications.id, id)).returning();
      if (!before || !row) throw notFound('volunteer-application-not-found');
      if (approved && !before.approved && row.userId) await this.onApproved(tx, row.userId);
      return toAdminVolunteerApplication(row);
    });
  }

  /**
   * Grants or removes the coordinator and elder roles of a member account. A role granted here (not one
   * the member already held) is mailed to them in the same transaction, so the mail goes exactly when it commits.
   */
  async setRoles(userId: string, input: RolesInput): Promise<RolesChange> {
    const roles: MemberRole[] = [...(input.coordinator ? (['coordinator'] as const) : []), ...(input.elder ? (['elder'] as const) : [])];
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select({ roles: users.roles }).from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw notFound('user-not-found');
      const [row] = await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id, roles: users.roles });
      const granted = row!.roles.filter((role) => !before.roles.includes(role));
      const removed = before.roles.filter((role) => !row!.roles.includes(role));
      for (const role of granted) await this.onRoleGranted(tx, userId, role);
      return { userId: row!.id, roles: row!.roles, granted, removed };
    });
  }

  /** Every account holding a role (or the one role `status` names), by name; `q` searches name and email. */
  async listTeam(params: ListParams<MemberRole> = { offset: 0 }): Promise<Page<TeamMember>> {
    const where = and(
      params.status ? sql`${params.status} = any(${users.roles})` : sql`cardinality(${users.roles}) > 0`,
      textSearch(params.q, [users.email, profiles.name, users.firstName, users.lastName]),
    );
    // The profile's name, else the name the person gave when joining the team (a staff member without a profile).
    const name = sql<string | null>`coalesce(${profiles.name}, nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''))`;
    return readPage(this.db, params, {
      rows: (tx, { limit, offset }) => {
        const query = tx
          .select({ userId: users.id, email: users.email, name, roles: users.roles })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(where)
          .orderBy(asc(name), asc(users.email), asc(users.id))
          .offset(offset)
          .$dynamic();
        return limit === undefined ? query : query.limit(limit);
      },
      total: async (tx) => (await tx.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(where))[0]!.total,
    });
  }
}
