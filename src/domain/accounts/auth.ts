import { z } from 'zod';
import { heightUnits } from '#domain/profile/biodata';
import { memberRoles } from '#domain/staff/roles';
import { languages } from '#domain/language/language';
import { verificationMethods } from './verification-methods';

// Kept apart (no zod) for the sign-in screens' first download; one definition, re-exported here.
export { PRIVACY_NOTICE_VERSION, safeReturnTo } from './sign-in';
import { PRIVACY_NOTICE_VERSION } from './sign-in';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Messages are catalog keys under auth.validation, so form and server speak the same words. */
export const emailField = z
  .string({ error: 'emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'emailRequired' })
  .max(254, { error: 'emailInvalid' })
  .pipe(z.email({ error: 'emailInvalid' }));

export const passwordField = z
  .string({ error: 'passwordLength' })
  .min(PASSWORD_MIN_LENGTH, { error: 'passwordLength' })
  .max(PASSWORD_MAX_LENGTH, { error: 'passwordLength' });

/**
 * Sign-up: `language` is the page's language, the language of the verification mail and of every later mail
 * (the settings change it); absent means English.
 */
export const credentialsInput = z.object({ email: emailField, password: passwordField, language: z.enum(languages).optional() });
export type Credentials = z.infer<typeof credentialsInput>;

/**
 * Sign-up: the credentials and the version of the privacy notice the person agreed to. The field is
 * additive: a client that does not send it still signs up, with no consent recorded (docs/product-choices.md).
 */
export const registerInput = credentialsInput.extend({
  privacyNoticeVersion: z.literal(PRIVACY_NOTICE_VERSION, { error: 'privacyNoticeOutdated' }).optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** Sign-in takes any non-empty password: length rules are for choosing one, not for checking it. */
export const loginInput = z.object({
  email: emailField,
  password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }).max(1024),
});

/** The answer to sign-up and sign-in (spec §4). */
export const userSummary = z.object({ id: z.uuid(), email: z.string() });

/** The answer to GET /api/auth/user: who is signed in (spec §4); the server's response schema and the web's type. */
export const currentUser = userSummary.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** The account's language: the screens show it (domain/language/language.ts languageInUse). */
  language: z.enum(languages),
  /** The units the member reads heights in (Settings); null: by the language (domain/profile/biodata.ts). */
  heightUnit: z.enum(heightUnits).nullable(),
  /** Roles the admin granted; empty for members. */
  roles: z.array(z.enum(memberRoles)),
  /** Whether the owner opened a verification link sent to this email. */
  emailVerified: z.boolean(),
  /** Whether a coordinator verified this member, when, and how: the member sees their own badge. */
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  verificationMethod: z.enum(verificationMethods).nullable(),
  /**
   * The member's volunteer application (spec §4): none, pending review or approved. With one, the menu and Guidance
   * offer My volunteer profile instead of Apply to Volunteer.
   */
  volunteer: z.enum(['none', 'pending', 'approved']),
  /** Whether they made a marriage profile of their own. */
  hasProfile: z.boolean(),
  /**
   * Whether they accompany a member as a guardian: the menu offers /guarding, and without a profile of
   * their own they land there after signing in, never on "Create your profile".
   */
  guarding: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const passwordResetRequestInput = z.object({ email: emailField });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestInput>;

export const passwordResetConfirmInput = z.object({
  token: z.string({ error: 'tokenInvalid' }).min(20, { error: 'tokenInvalid' }).max(200, { error: 'tokenInvalid' }),
  password: passwordField,
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmInput>;
