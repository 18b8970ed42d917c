import { z } from 'zod';
import { languages } from '#domain/language/language';
import { memberRoles } from './roles';
import { accountNameInput } from './staff-name';

/** How long an invitation to the team stays valid. */
export const TEAM_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** POST /api/admin/team/invitations: whom to invite, to which role; the mail's language (default the admin's page's). */
export const teamInvitationInput = z.object({
  email: z.email({ error: 'emailInvalid' }).max(254),
  role: z.enum(memberRoles),
  language: z.enum(languages).optional(),
});

export const teamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(memberRoles),
  language: z.enum(languages),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitation>;

/**
 * POST /api/team/accept: the token from the mailed link, and the name members will see (the join page always sends
 * it). The name may be left out by a client when the person already has one to be shown by (a profile, or a name
 * given before); otherwise the server answers 400 `name-required` (docs/product-choices.md).
 */
export const teamAcceptInput = z.object({
  token: z.string().min(1).max(200),
  firstName: accountNameInput.shape.firstName.optional(),
  lastName: accountNameInput.shape.lastName,
});

/**
 * GET /api/team/invitations/{token}: what the join page names before anyone signs in (the role offered), and the
 * address the link was mailed to, which the sign-up page fills in (only the link's holder learns it).
 */
export const teamInvitationTokenParams = z.object({ token: z.string().min(1).max(200) });
export const teamInvitationOffer = z.object({ role: z.enum(memberRoles), email: z.string() });
export type TeamInvitationOffer = z.infer<typeof teamInvitationOffer>;

/**
 * The codes of a refused acceptance (404 unknown, 410 used or expired, 403 another account's), which the join page
 * explains. An unverified account of the invited address is no refusal: accepting proves the address.
 */
export const teamInvitationMessages = {
  invitationUnknown: 'This invitation link is not valid',
  invitationUsed: 'This invitation was already used',
  invitationExpired: 'This invitation has expired',
  invitationOtherAccount: 'This invitation was sent to another email address',
} as const;
