import { eq, inArray } from 'drizzle-orm';
import type { FollowUpOutcome, IntroductionStatus } from '#domain/introductions/introductions';
import type { Language } from '#domain/language/language';
import { firstName } from '#domain/profile/profile';
import type { BirthTimeAccuracy } from '#domain/profile/vedic';
import type { selfieStatuses } from '#domain/verification/selfie';

type SelfieStatus = (typeof selfieStatuses)[number];
import type { Db } from '#server/db/client';
import { profiles, users } from '#server/db/schema';
import { summaryTexts } from '#server/mail/export-summary-texts';

/** What the summary reads of account.json (export-sections.ts), nothing more. */
interface ExportData {
  account?: { email: string; createdAt: Date | string } | null;
  preferences?: { language: Language } | null;
  profile?: { name: string } | null;
  introductions?: Array<{ id: string; otherUserId: string | null; available: boolean; status: IntroductionStatus; createdAt: Date | string }>;
  followUps?: Array<{ introductionId: string; status: FollowUpOutcome; note: string | null; createdAt: Date | string }>;
  messages?: Array<{ senderId: string; receiverId: string; direction: 'sent' | 'received'; createdAt: Date | string }>;
  blocks?: Array<{ userId: string }>;
  introductionRequests?: Array<{ userId: string; createdAt: Date | string }>;
  guardians?: Array<{ name: string }>;
  references?: Array<{ name: string }>;
  vedic?: { birthTime: string | null; birthTimeAccuracy: BirthTimeAccuracy; birthPlace: { name: string } } | null;
  introductionStories?: Array<{ share: boolean; names: string | null; text: string | null; answeredAt: Date | string }>;
  selfieChecks?: Array<{ status: SelfieStatus; drawnAt: Date | string }>;
}

/**
 * summary.txt of the export: the member's data to read, in her language, with people named as she saw
 * them (the first name of their profile; "a deleted member" for an account that is gone, "someone no longer
 * available" across a block or a suspension, as her introductions list shows them), her check-ins under each
 * introduction, and no ids, hashes or internal flags. The words are the mail templates' (mail/export-summary-texts.ts).
 */
export async function exportSummary(db: Db, userId: string, data: ExportData): Promise<string> {
  const language: Language = data.preferences?.language ?? 'en';
  const t = summaryTexts[language];
  const day = (when: Date | string) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(when));

  const others = new Set<string>();
  for (const i of data.introductions ?? []) if (i.otherUserId) others.add(i.otherUserId);
  for (const m of data.messages ?? []) others.add(m.direction === 'sent' ? m.receiverId : m.senderId);
  for (const b of data.blocks ?? []) others.add(b.userId);
  for (const r of data.introductionRequests ?? []) others.add(r.userId);
  others.delete(userId);
  const names = await shownNames(db, [...others]);
  const nameOf = (id: string) => names.get(id) ?? t.deletedMember;

  const lines: string[] = [t.title, t.exportedAt(day(new Date())), '', t.intro, ''];
  const section = (title: string, body: string[], empty = t.none) => lines.push(title, '-'.repeat(title.length), ...(body.length > 0 ? body : [empty]), '');

  section(t.account, [
    ...(data.profile?.name ? [`${t.name}: ${data.profile.name}`] : []),
    ...(data.account ? [`${t.email}: ${data.account.email}`, `${t.memberSince}: ${day(data.account.createdAt)}`] : []),
    `${t.language}: ${t.languageName}`,
  ]);

  const checkIns = data.followUps ?? [];
  section(
    t.introductions,
    (data.introductions ?? []).flatMap((i) => [
      t.introduction({ date: day(i.createdAt), name: i.available && i.otherUserId ? nameOf(i.otherUserId) : t.unavailable, status: t.statuses[i.status] }),
      ...checkIns.filter((c) => c.introductionId === i.id).map((c) => t.checkIn({ date: day(c.createdAt), outcome: t.outcomes[c.status], note: c.note })),
    ]),
    t.noIntroductions,
  );

  const threads = new Map<string, { sent: number; received: number; last: Date }>();
  for (const m of data.messages ?? []) {
    const other = m.direction === 'sent' ? m.receiverId : m.senderId;
    const thread = threads.get(other) ?? { sent: 0, received: 0, last: new Date(0) };
    thread[m.direction] += 1;
    if (new Date(m.createdAt) > thread.last) thread.last = new Date(m.createdAt);
    threads.set(other, thread);
  }
  section(
    t.conversations,
    [...threads.entries()].map(([other, thread]) => t.conversation({ name: nameOf(other), sent: thread.sent, received: thread.received, last: day(thread.last) })),
    t.noConversations,
  );
  section(t.blocked, (data.blocks ?? []).map((b) => nameOf(b.userId)));
  section(t.requests, (data.introductionRequests ?? []).map((r) => t.request({ name: nameOf(r.userId), date: day(r.createdAt) })));
  // Names she typed herself: as she typed them.
  section(t.guardians, (data.guardians ?? []).map((g) => g.name));
  section(t.references, (data.references ?? []).map((r) => r.name));
  const vedic = data.vedic;
  section(
    t.vedic,
    vedic ? [t.birthDetails({ time: vedic.birthTime ?? '—', accuracy: t.accuracies[vedic.birthTimeAccuracy], place: vedic.birthPlace.name })] : [],
    t.vedicNone,
  );
  section(
    t.stories,
    (data.introductionStories ?? []).map((story) =>
      story.share ? t.storyShared({ date: day(story.answeredAt), names: story.names ?? '', text: story.text ?? '' }) : t.storyDeclined({ date: day(story.answeredAt) }),
    ),
  );
  section(t.selfies, (data.selfieChecks ?? []).map((check) => t.selfie({ date: day(check.drawnAt), status: t.selfieStatuses[check.status] })));
  return lines.join('\n');
}

/** The name each person's pages showed: their profile's first name, else their account's first name. */
async function shownNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, accountFirstName: users.firstName, profileName: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, (row.profileName ? firstName(row.profileName) : null) ?? row.accountFirstName ?? '—']));
}
