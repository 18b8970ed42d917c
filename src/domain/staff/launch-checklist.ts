import { z } from 'zod';
import { directMessagePolicies } from '#domain/access';

/** What a real deployment may still lack, in the order the admin dashboard lists them. */
export const launchChecklistItems = ['sample-testimonials', 'smtp', 'https', 'coordinator', 'elder', 'mentors', 'direct-messages', 'donation-link', 'backup'] as const;

/**
 * `count`: how many there are, for an item that counts something (the mentors Guidance lists).
 * `direct-messages` is done with DIRECT_MESSAGES=introductions-only, the mode recommended for a community launch;
 * its `mode` is the one in force, which the dashboard always shows (done or not).
 * `elder` carries `approvals`, ELDER_APPROVALS in force, which the dashboard always shows with what it means (0: no
 * elder reviews introductions); the item is undone only when approvals are asked for and nobody can give them.
 */
export const launchChecklist = z.array(
  z.object({
    item: z.enum(launchChecklistItems),
    done: z.boolean(),
    count: z.number().int().optional(),
    mode: z.enum(directMessagePolicies).optional(),
    approvals: z.number().int().optional(),
  }),
);
export type LaunchChecklist = z.infer<typeof launchChecklist>;

/** A backup older than this no longer counts. */
export const BACKUP_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
