import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { can } from '#domain/access';
import { isStatusIn } from '#domain/introductions/introductions';
import { storyStatuses, type AdminStory, type PublishedStory, type StoryInput, type StoryStatus } from '#domain/introductions/stories';
import type { Db } from '#server/db/client';
import { introductions, introductionStories, storyPublications } from '#server/db/schema';
import { conflict, notFound } from '#server/errors';
import { enqueue } from '#server/jobs/outbox';
import { statusInSql } from '#server/policy/introduction-sql';
import { processSelfie } from '#server/storage/images';
import type { ObjectStore } from '#server/storage/object-store';
import { deleteObjectsJob } from '#server/jobs/delete-objects-job';
import { introductionNotFound, lockWithFacts } from './introduction-effects';

/** Where story photos live in the object store: served only by GET /objects/stories/:key, under this file's rules. */
const STORY_PREFIX = 'stories/';
const storyPhotoPath = (key: string) => `/objects/${key}`;

type StoryRow = typeof introductionStories.$inferSelect;

/** A story both members agreed to, with the two answers it is made of. */
interface AgreedStory {
  id: string;
  status: StoryStatus;
  answers: StoryRow[];
  publishedAt: Date | null;
}

/**
 * Stories, with consent (issue 51 part 5): each member's answer, the admin's list and publication, the landing
 * page's list, and the photo of the two. A story exists while both members say yes and the introduction is engaged or
 * married; a withdrawal takes it down in the same transaction, whoever published it.
 */
export class StoriesService {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
  ) {}

  /**
   * POST /api/introductions/{id}/story: one of the two, once engaged or married; a later answer replaces hers. A no
   * clears her names, words and photo (the file is deleted by a job written with the change) and unpublishes.
   */
  async answer(userId: string, id: string, input: StoryInput, now: Date): Promise<{ id: string; share: boolean }> {
    return this.db.transaction(async (tx) => {
      const { row, facts } = await lockWithFacts(tx, id, userId);
      if (!can.followUp(facts)) throw introductionNotFound();
      // A withdrawal is always possible; a yes only while the story can be told.
      if (input.share && !isStatusIn(storyStatuses, row.status)) throw conflict('story-not-yet');
      const [before] = await tx
        .select({ photoKey: introductionStories.photoKey })
        .from(introductionStories)
        .where(and(eq(introductionStories.introductionId, id), eq(introductionStories.userId, userId)));
      const values = input.share
        ? { share: true, names: input.names ?? '', text: input.text ?? '', answeredAt: now }
        : { share: false, names: null, text: null, photoKey: null, photoAddedAt: null, answeredAt: now };
      await tx
        .insert(introductionStories)
        .values({ introductionId: id, userId, ...values })
        .onConflictDoUpdate({ target: [introductionStories.introductionId, introductionStories.userId], set: values });
      if (!input.share) {
        await tx.delete(storyPublications).where(eq(storyPublications.introductionId, id));
        if (before?.photoKey) await enqueue(tx, deleteObjectsJob, { keys: [before.photoKey] });
      }
      return { id, share: input.share };
    });
  }

  /**
   * PUT /api/introductions/{id}/story/photo: her photo of the two, once she said yes. Decoded, turned upright,
   * stripped of every piece of metadata and re-encoded (as a profile photo), stored under a random key; a photo she
   * sent before is deleted.
   */
  async addPhoto(userId: string, id: string, raw: Buffer, now: Date): Promise<{ photo: string }> {
    await this.requireSharing(userId, id);
    const image = await processSelfie(raw);
    const key = `${STORY_PREFIX}${randomBytes(24).toString('base64url')}.jpg`;
    await this.store.put(key, image.data, image.contentType);
    const stored = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ share: introductionStories.share, photoKey: introductionStories.photoKey })
        .from(introductionStories)
        .where(and(eq(introductionStories.introductionId, id), eq(introductionStories.userId, userId)))
        .for('update');
      // She withdrew while the photo was being processed: keep nothing.
      if (!before?.share) return false;
      await tx
        .update(introductionStories)
        .set({ photoKey: key, photoAddedAt: now })
        .where(and(eq(introductionStories.introductionId, id), eq(introductionStories.userId, userId)));
      if (before.photoKey) await enqueue(tx, deleteObjectsJob, { keys: [before.photoKey] });
      return true;
    });
    if (!stored) {
      await this.store.delete(key);
      throw conflict('story-not-agreed');
    }
    return { photo: storyPhotoPath(key) };
  }

  private async requireSharing(userId: string, id: string): Promise<void> {
    const [row] = await this.db
      .select({ share: introductionStories.share, status: introductions.status })
      .from(introductionStories)
      .innerJoin(introductions, eq(introductions.id, introductionStories.introductionId))
      .where(and(eq(introductionStories.introductionId, id), eq(introductionStories.userId, userId)));
    if (!row) {
      // Not hers, or not answered yet: the same 404 as an unknown introduction unless she is one of the two.
      const [mine] = await this.db
        .select({ id: introductions.id })
        .from(introductions)
        .where(and(eq(introductions.id, id), sql`${userId}::uuid in (${introductions.memberA}, ${introductions.memberB})`, isNotNull(introductions.introducedAt)));
      if (!mine) throw introductionNotFound();
      throw conflict('story-not-agreed');
    }
    if (!row.share) throw conflict('story-not-agreed');
    if (!isStatusIn(storyStatuses, row.status)) throw conflict('story-not-yet');
  }

  /** The stories both members agreed to (published only, or all for the admin; one of them when `id` is given). */
  private async agreed(onlyPublished: boolean, id?: string): Promise<AgreedStory[]> {
    const bothSay = sql`(select count(*) from ${introductionStories} s where s.introduction_id = ${introductions.id} and s.share) = 2`;
    const rows = await this.db
      .select({ id: introductions.id, status: introductions.status, publishedAt: storyPublications.publishedAt })
      .from(introductions)
      .leftJoin(storyPublications, eq(storyPublications.introductionId, introductions.id))
      .where(and(statusInSql(storyStatuses), bothSay, onlyPublished ? isNotNull(storyPublications.publishedAt) : undefined, id ? eq(introductions.id, id) : undefined));
    if (rows.length === 0) return [];
    const answers = await this.db
      .select()
      .from(introductionStories)
      .where(inArray(introductionStories.introductionId, rows.map((row) => row.id)))
      .orderBy(introductionStories.answeredAt);
    return rows.map((row) => ({
      id: row.id,
      status: row.status as StoryStatus,
      publishedAt: row.publishedAt,
      answers: answers.filter((answer) => answer.introductionId === row.id),
    }));
  }

  /** GET /api/stories: what the landing page shows, newest publication first. */
  async published(): Promise<PublishedStory[]> {
    const stories = await this.agreed(true);
    return stories
      .map((story) => ({ ...shape(story), publishedAt: story.publishedAt!.toISOString() }))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  }

  /** GET /api/admin/stories: drafts both agreed to (oldest agreement first: the next to read) and the published ones. */
  async forAdmin(): Promise<AdminStory[]> {
    const stories = await this.agreed(false);
    return stories
      .map((story) => ({ ...shape(story), publishedAt: story.publishedAt?.toISOString() ?? null, agreedAt: agreedAt(story).toISOString() }))
      .sort((a, b) => (a.publishedAt === null) === (b.publishedAt === null) ? a.agreedAt.localeCompare(b.agreedAt) : a.publishedAt === null ? -1 : 1);
  }

  /** The admin publishes a story both agreed to (publishing again keeps the first date). */
  async publish(id: string, now: Date): Promise<{ id: string; publishedAt: string }> {
    return this.db.transaction(async (tx) => {
      await this.lockAgreed(tx, id);
      await tx.insert(storyPublications).values({ introductionId: id, publishedAt: now }).onConflictDoNothing();
      const [row] = await tx.select({ publishedAt: storyPublications.publishedAt }).from(storyPublications).where(eq(storyPublications.introductionId, id));
      return { id, publishedAt: row!.publishedAt.toISOString() };
    });
  }

  /** The admin takes a published story down (it stays among the drafts while both still agree). */
  async unpublish(id: string): Promise<{ id: string; publishedAt: null }> {
    const removed = await this.db.delete(storyPublications).where(eq(storyPublications.introductionId, id)).returning({ id: storyPublications.introductionId });
    if (removed.length === 0) throw notFound('story-not-found');
    return { id, publishedAt: null };
  }

  /** Locks the introduction (a withdrawal waits or goes first) and requires both members' yes at engaged or married. */
  private async lockAgreed(tx: Db, id: string): Promise<void> {
    const [row] = await tx.select({ status: introductions.status }).from(introductions).where(eq(introductions.id, id)).for('update');
    if (!row) throw notFound('story-not-found');
    const answers = await tx.select({ share: introductionStories.share }).from(introductionStories).where(eq(introductionStories.introductionId, id));
    if (!isStatusIn(storyStatuses, row.status) || answers.length < 2 || !answers.every((answer) => answer.share)) throw conflict('story-not-agreed');
  }

  /**
   * The photo of a story: anyone once it is published; otherwise the member who sent it and the admin (who reads the
   * draft). Anything else is the 404 of a photo that does not exist.
   */
  async readPhoto(key: string, reader: { userId?: string | undefined; isAdmin?: boolean | undefined }): Promise<Buffer> {
    const fullKey = `${STORY_PREFIX}${key}`;
    const [row] = await this.db
      .select({ userId: introductionStories.userId, introductionId: introductionStories.introductionId, share: introductionStories.share })
      .from(introductionStories)
      .where(eq(introductionStories.photoKey, fullKey));
    if (!row) throw notFound('not-found');
    const mayRead = reader.isAdmin === true || reader.userId === row.userId || (await this.isPublished(row.introductionId));
    if (!mayRead) throw notFound('not-found');
    const data = await this.store.get(fullKey);
    if (!data) throw notFound('not-found');
    return data;
  }

  private async isPublished(id: string): Promise<boolean> {
    return (await this.agreed(true, id)).length > 0;
  }
}

/** The photo shown with a story: the latest either member gave. */
function photoOf(story: AgreedStory): string | null {
  const withPhoto = story.answers.filter((answer) => answer.photoKey && answer.photoAddedAt).sort((a, b) => b.photoAddedAt!.getTime() - a.photoAddedAt!.getTime());
  return withPhoto[0] ? storyPhotoPath(withPhoto[0].photoKey!) : null;
}

function shape(story: AgreedStory) {
  return {
    id: story.id,
    status: story.status,
    parts: story.answers.map((answer) => ({ names: answer.names ?? '', text: answer.text ?? '' })),
    photo: photoOf(story),
  };
}

function agreedAt(story: AgreedStory): Date {
  return new Date(Math.max(...story.answers.map((answer) => answer.answeredAt.getTime())));
}
