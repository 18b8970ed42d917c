import { eq } from 'drizzle-orm';
import type { Language } from '../../domain/language';
import type { Db } from '../db/client';
import { firstName } from '../../domain/profile';
import { profiles, users } from '../db/schema';

/** Where a mail to a member goes, in which language, and what they asked to hear about. */
export interface MailTarget {
  email: string;
  /** How mails greet them (issue 32.10): the first name their profile shows, else the account's first name. */
  firstName: string | null;
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
  return { ...target, firstName: (profileName ? firstName(profileName) : null) ?? accountFirstName, verified: verifiedAt !== null };
}
