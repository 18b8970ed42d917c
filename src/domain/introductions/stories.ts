import { z } from 'zod';
import type { IntroductionStatus } from './introductions';

/**
 * Stories, with consent (issue 51 part 5). Once an introduction reaches engaged or married, each of its two members
 * is asked, separately, whether they would share their story: the name she wishes to be known by, a few words if she
 * likes, and a photo of the two if she likes. Only when both said yes does the story reach the admin, who may publish
 * it on the landing page in place of the sample testimonials. Either member withdraws at any time, which takes the
 * story down at once. Neither is told what the other answered (no pressure either way).
 */

/** The statuses at which the story is asked: a marriage, or the promise of one. */
export const storyStatuses = ['engaged', 'married'] as const satisfies readonly IntroductionStatus[];
export type StoryStatus = (typeof storyStatuses)[number];

export const STORY_NAMES_MAX = 60;
export const STORY_TEXT_MAX = 1000;

/**
 * A member's answer: `share: false` says no, or withdraws a yes (her words and photo are deleted with it);
 * `share: true` needs the name she is to be shown by ("Priya", "P. and family"); the words are optional.
 */
export const storyInput = z
  .object({
    share: z.boolean({ error: 'storyShareInvalid' }),
    names: z.string({ error: 'storyNamesRequired' }).trim().max(STORY_NAMES_MAX, { error: 'storyNamesTooLong' }).optional(),
    text: z.string({ error: 'storyTextTooLong' }).trim().max(STORY_TEXT_MAX, { error: 'storyTextTooLong' }).optional(),
  })
  .superRefine((input, context) => {
    if (input.share && !input.names) context.addIssue({ code: 'custom', path: ['names'], message: 'storyNamesRequired' });
    if (!input.share && (input.names || input.text)) context.addIssue({ code: 'custom', path: ['share'], message: 'storyWordsWithNo' });
  });
export type StoryInput = z.infer<typeof storyInput>;

/** What the member's answer recorded (her own words back, never the other's). */
export const storyRecorded = z.object({ id: z.string(), share: z.boolean() });

/** One member's part of a story as the landing page and the admin show it. */
const storyPart = z.object({ names: z.string(), text: z.string() });

/** A story as the landing page shows it (GET /api/stories): both members' parts, the stage, the photo if any. */
export const publishedStory = z.object({
  id: z.string(),
  parts: z.array(storyPart),
  status: z.enum(storyStatuses),
  /** The photo of the two that one of them gave (the latest), or null. */
  photo: z.string().nullable(),
  publishedAt: z.string(),
});
export type PublishedStory = z.infer<typeof publishedStory>;

/** A story as the admin sees it: agreed by both, published or not yet. */
export const adminStory = publishedStory.extend({
  publishedAt: z.string().nullable(),
  /** When the second of the two said yes. */
  agreedAt: z.string(),
});
export type AdminStory = z.infer<typeof adminStory>;

export const storyPublished = z.object({ id: z.string(), publishedAt: z.string().nullable() });
