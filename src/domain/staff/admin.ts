import { z } from 'zod';
import { memberRoles } from './roles';
import { volunteerProfile } from '#domain/volunteers/volunteer';

export const adminLoginInput = z.object({
  password: z.string({ error: 'adminPasswordRequired' }).min(1, { error: 'adminPasswordRequired' }).max(1024),
});

/** The answer to GET /api/admin/session: whether this session holds the admin flag. */
export const adminSession = z.object({ isAdmin: z.boolean() });

/**
 * spec §3 Admin user-profile view. The spec's dateOfBirth is "shown as age": the answer carries the age only, the
 * date never leaves the server except to its owner (decision 008).
 */
export const adminUserProfile = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  gender: z.string(),
  age: z.number().int().nullable(),
  exactLocation: z.string(),
  communityAffiliation: z.string(),
  photos: z.array(z.string()),
  profileComplete: z.boolean(),
  profileActive: z.boolean(),
  /** Added to the spec's fields: an admin suspended the account. */
  suspended: z.boolean(),
  /** The roles the admin granted. */
  roles: z.array(z.enum(memberRoles)),
  /** Whether the member opened a verification link sent to this email. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfile>;

/** spec §4: incomplete when profileComplete is false; otherwise active or inactive. */
export function adminProfileStatus(profile: { profileComplete: boolean; profileActive: boolean }): 'incomplete' | 'active' | 'inactive' {
  if (!profile.profileComplete) return 'incomplete';
  return profile.profileActive ? 'active' : 'inactive';
}

export const adminPartnerApplication = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  age: z.string().nullable(),
  communityAffiliation: z.string().nullable(),
  exactLocation: z.string().nullable(),
  marriageReadinessConsultation: z.string().nullable(),
  relocation: z.string().nullable(),
  diet: z.string().nullable(),
  dealBreakers: z.string().nullable(),
  dealMakers: z.string().nullable(),
  aboutYou: z.string().nullable(),
  courtshipStyle: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPartnerApplication = z.infer<typeof adminPartnerApplication>;

/** spec §3 Admin volunteer application view: the applicant's own view without the donation details. */
export const adminVolunteerApplication = volunteerProfile.omit({ donationInfo: true, minimumDonation: true });
export type AdminVolunteerApplication = z.infer<typeof adminVolunteerApplication>;

export const approvalInput = z.object({ approved: z.boolean() });
