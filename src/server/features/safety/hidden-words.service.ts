import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import { distinctHiddenWords, type HiddenMessage, type HiddenWords } from '#domain/safety/hidden-words';
import { shownName } from '#domain/staff/staff-name';
import type { Db } from '#server/db/client';
import { blocks, messages, profiles, users, volunteerApplications } from '#server/db/schema';
import { approvedVolunteer } from '#server/policy/sql-facts';

/** The hidden folder answers its newest messages. */
export const HIDDEN_FOLDER_LIMIT = 200;

/**
 * Hidden words (domain/safety/hidden-words.ts): the member's list, and the folder of messages it kept from her. The
 * check itself runs where a message is written (messages.service insertMessage), against the list saved here.
 */
export class HiddenWordsService {
  constructor(private readonly db: Db) {}

  async words(userId: string): Promise<HiddenWords> {
    const [row] = await this.db.select({ words: users.hiddenWords }).from(users).where(eq(users.id, userId)).limit(1);
    return { words: row?.words ?? [] };
  }

  /**
   * Replaces the list. It applies to messages sent from now on: one already delivered stays in the thread, one already
   * hidden stays in the folder (moving them would change what the member has already seen, or not seen, behind her back).
   */
  async setWords(userId: string, words: readonly string[]): Promise<HiddenWords> {
    const kept = distinctHiddenWords(words);
    await this.db.update(users).set({ hiddenWords: kept }).where(eq(users.id, userId));
    return { words: kept };
  }

  /**
   * The messages kept from the member, newest first, with the name their thread would show. A person she blocked is
   * left out here as in her conversation list.
   */
  async folder(userId: string): Promise<HiddenMessage[]> {
    const rows = await this.db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        content: messages.content,
        createdAt: messages.createdAt,
        profileName: sql<string | null>`(select ${profiles.name} from ${profiles} where ${profiles.userId} = ${messages.senderId} limit 1)`,
        volunteerName: sql<string | null>`(select ${volunteerApplications.name} from ${volunteerApplications}
          where ${volunteerApplications.userId} = ${messages.senderId} and ${approvedVolunteer}
          order by ${volunteerApplications.createdAt} desc limit 1)`,
        accountFirstName: sql<string | null>`(select ${users.firstName} from ${users} where ${users.id} = ${messages.senderId})`,
      })
      .from(messages)
      .where(
        and(
          eq(messages.receiverId, userId),
          eq(messages.hidden, true),
          notExists(this.db.select({ one: sql`1` }).from(blocks).where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, messages.senderId)))),
        ),
      )
      .orderBy(desc(messages.seq))
      .limit(HIDDEN_FOLDER_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      senderId: row.senderId,
      senderName: shownName({ volunteerName: row.volunteerName, profileName: row.profileName, accountFirstName: row.accountFirstName }),
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
