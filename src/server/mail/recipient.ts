import { eq } from 'drizzle-orm';
import type { Language } from '#domain/language/language';
import type { Db } from '#server/db/client';
import { profiles, users } from '#server/db/schema';

/** Where a mail to a member goes, in which language, and what they asked to hear about. */
export interface MailTarget {
  email: string;
  /** How mails greet them: the name their profile gives, whole, else the account's first name (greetingNameOf). */
  greetingName: string | null;
  language: Language;
  verified: boolean;
  notifyMessages: boolean;
  notifyIntroductions: boolean;
  pushMessages: boolean;
  pushIntroductions: boolean;
}

export async function mailTarget(db: Db, userId: string): Promise<MailTarget | null> {
  const [row] = await db
    .select({
      email: users.email,
      accountFirstName: users.firstName,
      profileName: profiles.name,
      language: users.language,
      verifiedAt: users.emailVerifiedAt,
      notifyMessages: users.notifyMessages,
      notifyIntroductions: users.notifyIntroductions,
      pushMessages: users.pushMessages,
      pushIntroductions: users.pushIntroductions,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { verifiedAt, accountFirstName, profileName, ...target } = row;
  return { ...target, greetingName: greetingNameOf(profileName, accountFirstName), verified: verifiedAt !== null };
}

/**
 * The name a mail greets a member by: their profile's name as they wrote it, else the account's first name. Never
 * its first word alone: "Bhakti Tirtha Das" or "Madre Yamuna Devi" is one name, and "Hi Bhakti," reads as a stranger's.
 */
export function greetingNameOf(profileName: string | null | undefined, accountFirstName: string | null | undefined): string | null {
  return profileName?.trim() || accountFirstName?.trim() || null;
}
