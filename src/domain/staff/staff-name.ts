import { z } from 'zod';
import { firstName, nameLooksLikeLink } from '#domain/profile/profile';

/** The longest first or last name an account may carry (the guardians' and volunteers' limit). */
export const ACCOUNT_NAME_MAX = 80;

const namePart = (required: boolean) => {
  const text = z
    .string({ error: 'nameRequired' })
    .trim()
    .max(ACCOUNT_NAME_MAX, { error: 'tooLong80' })
    .refine((value) => !nameLooksLikeLink(value), { error: 'nameLinkOrAt' });
  return required ? text.refine((value) => value.length > 0, { error: 'nameRequired' }) : text;
};

/**
 * The name members see for a coordinator or an elder who has no marriage profile (the join-team page and the
 * settings page, and the server): a first name, a last name if they like. A name cannot look like a link, as on a
 * profile.
 */
export const accountNameInput = z.object({
  firstName: namePart(true),
  lastName: namePart(false)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AccountNameInput = z.infer<typeof accountNameInput>;
/** PUT /api/account/name's answer: the name as stored. */
export const accountNameAnswer = z.object({ firstName: z.string(), lastName: z.string().optional() });

/** What is known of a person's names, each null when absent. */
export interface KnownNames {
  /** An approved volunteer application's name (shown whole: it is the name the volunteer chose to be listed by). */
  volunteerName?: string | null;
  /** The marriage profile's full name (only its first word is shown). */
  profileName?: string | null;
  /** The account's own first name (users.first_name): a staff member's, given when joining the team. */
  accountFirstName?: string | null;
}

/**
 * The one order a person is named in to other people (threads, lists, mails, staff screens): the approved
 * volunteer name, else the profile's first name, else the account's first name; null when none exists (the screen
 * or the mail then says "Sanga member").
 */
export function shownName(names: KnownNames): string | null {
  if (names.volunteerName) return names.volunteerName;
  const fromProfile = names.profileName ? firstName(names.profileName) : null;
  if (fromProfile) return fromProfile;
  const account = names.accountFirstName?.trim();
  return account ? account : null;
}
