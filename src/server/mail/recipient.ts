import { eq } from 'drizzle-orm';
import type { Language } from '../../domain/language';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Where a mail to a member goes, in which language, and what they asked to hear about. */
export interface MailTarget {
  email: string;
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
      language: users.language,
      verifiedAt: users.emailVerifiedAt,
      notifyMessages: users.notifyMessages,
      notifyIntroductions: users.notifyIntroductions,
      pushMessages: users.pushMessages,
      pushIntroductions: users.pushIntroductions,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { verifiedAt, ...target } = row;
  return { ...target, verified: verifiedAt !== null };
}
