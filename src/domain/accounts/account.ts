import { z } from 'zod';
import { heightUnits } from '#domain/profile/biodata';
import { emailField, loginInput, passwordField } from './auth';
import { languages, type Language } from '#domain/language/language';

/**
 * The member's own account: settings, sessions, export and deletion. Shared by the server's
 * schemas and the settings screen.
 */

/** The password as typed to confirm an action: any non-empty text (its length rules are for choosing one). */
const currentPasswordField = loginInput.shape.password;

export const changePasswordInput = z.object({ currentPassword: currentPasswordField, newPassword: passwordField });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const changeEmailInput = z.object({ newEmail: emailField, password: currentPasswordField });
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const deleteAccountInput = z.object({ password: currentPasswordField });
export type DeleteAccountInput = z.infer<typeof deleteAccountInput>;

/** What the screen asks before deleting: the word of the page's language, typed exactly (not English on a Spanish page). */
export const DELETE_CONFIRMATION_WORDS: Record<Language, string> = { en: 'DELETE', es: 'ELIMINAR' };

/** Either language's word confirms: someone who switched languages mid-form, or who learnt the English word, is not refused. */
export function isDeleteConfirmation(typed: string): boolean {
  return Object.values(DELETE_CONFIRMATION_WORDS).includes(typed.trim());
}

export const preferences = z.object({
  language: z.enum(languages),
  notifyMessages: z.boolean(),
  notifyIntroductions: z.boolean(),
  /** Push notifications to the member's subscribed devices (on by default: they count once a device subscribes). */
  pushMessages: z.boolean(),
  pushIntroductions: z.boolean(),
  /** Heights in feet and inches or centimetres; null (the select's first option, '') by the screens' language. */
  heightUnit: z.preprocess((value) => (value === '' ? null : value), z.enum(heightUnits).nullable()),
});
export type Preferences = z.infer<typeof preferences>;
/**
 * PUT /api/account/preferences: any of them may be left out and is kept as it is (a client from before push leaves
 * the push switches out; the language switch sends the language alone).
 */
export const preferencesInput = preferences.partial();
export type PreferencesInput = z.infer<typeof preferencesInput>;

export const sessionSummary = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** A link's token: the same bounds as the password-reset token. */
export const tokenField = z.string({ error: 'tokenInvalid' }).min(20, { error: 'tokenInvalid' }).max(200, { error: 'tokenInvalid' });

export const verifyEmailInput = z.object({ token: tokenField });
export const cancelEmailChangeInput = z.object({ token: tokenField });

/** How long a verification or email-change link works. */
export const EMAIL_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;
/** Exports one member may download a day. */
export const EXPORTS_PER_DAY = 3;
