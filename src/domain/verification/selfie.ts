/**
 * "Selfie matched" (issue 50 part 2): the member takes a photo in the app making a gesture the server drew at random;
 * a coordinator compares it with her profile photos side by side and approves, or refuses with a reason. The photo is
 * deleted the moment it is decided, or 14 days after it was sent if nobody decided; nothing is computed from the
 * face. The shapes of the member's, the coordinators' and the admin's routes. Pure: the server and the web import it.
 */
import { z } from 'zod';
import { tooLongCode } from '#domain/text-length';
import { verificationLadder } from './ladder';

/**
 * The gestures, each drawn as a simple picture with a text alternative in both languages (the web's
 * `verification.gestures.<id>` and features/verification/components/gesture-picture.tsx). `hands: false` are the
 * ones a person who cannot use her hands can make: "I can't make this gesture" offers another, or only those.
 */
export const gestures = [
  { id: 'left-ear-right-hand', hands: true },
  { id: 'thumbs-up', hands: true },
  { id: 'peace-sign', hands: true },
  { id: 'hand-on-heart', hands: true },
  { id: 'open-palm', hands: true },
  { id: 'three-fingers', hands: true },
  { id: 'chin-on-fist', hands: true },
  { id: 'hand-on-head', hands: true },
  { id: 'turn-head-left', hands: false },
  { id: 'eyes-closed', hands: false },
  { id: 'look-up', hands: false },
  { id: 'tilt-head', hands: false },
] as const satisfies readonly { id: string; hands: boolean }[];
export type GestureId = (typeof gestures)[number]['id'];
export const gestureIds = gestures.map((gesture) => gesture.id) as unknown as readonly [GestureId, ...GestureId[]];

/**
 * A gesture drawn at random: uniformly among those allowed (hands-free only when asked), never the one drawn just
 * before when another is possible (so "show me another" always shows another). `random` is in [0, 1).
 */
export function drawGesture(options: { handsFree: boolean; previous: GestureId | null }, random: number): GestureId {
  const allowed = gestures.filter((gesture) => !options.handsFree || !gesture.hands).map((gesture) => gesture.id);
  const others = allowed.filter((id) => id !== options.previous);
  const pool = others.length > 0 ? others : allowed;
  return pool[Math.min(pool.length - 1, Math.floor(random * pool.length))]!;
}

/** Why a coordinator refused a selfie; the member reads the reason in her language (`verification.refusals.<code>`). */
export const selfieRefusalReasons = ['gesture-not-shown', 'face-not-visible', 'does-not-match-photos', 'not-a-live-photo', 'other'] as const;
export type SelfieRefusalReason = (typeof selfieRefusalReasons)[number];

/**
 * A selfie check's life: `drawn` (a gesture shown, no photo yet), `pending` (a photo awaits a coordinator), then
 * `approved` or `refused` (the photo deleted at that moment), `expired` (14 days undecided: deleted), or `revoked`
 * (an approved one the admin asked her to do again).
 */
export const selfieStatuses = ['drawn', 'pending', 'approved', 'refused', 'expired', 'revoked'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A drawn gesture is good for a photo sent within this long; then she draws again. */
export const GESTURE_TTL_MS = 30 * 60 * 1000;
/** An undecided selfie is deleted this long after it was sent. */
export const SELFIE_KEEP_MS = 14 * DAY_MS;
/** Selfies a member may send a day (every upload counts, refused ones too). */
export const SELFIES_PER_DAY = 3;
/** Gestures a member may draw a day ("show me another" counts). */
export const GESTURE_DRAWS_PER_DAY = 30;
export const SELFIE_WINDOW_MS = DAY_MS;
/** The longest selfie upload, before processing (a phone's photo; the browser sends a JPEG of about 200 KB). */
export const MAX_SELFIE_BYTES = 10 * 1024 * 1024;
/** A coordinator's queue shows this many selfies a page, oldest first. */
export const SELFIE_QUEUE_LIMIT = 50;

/** POST /api/verification/selfie/gesture: `handsFree` draws only among the gestures made without hands. */
export const drawGestureInput = z.object({ handsFree: z.boolean().optional() }).nullish();
export const drawnGesture = z.object({ gestureId: z.enum(gestureIds), expiresAt: z.string() });
export type DrawnGesture = z.infer<typeof drawnGesture>;

/** POST /api/verification/selfie → 201: the photo awaits a coordinator. */
export const selfieSent = z.object({ status: z.literal('pending'), submittedAt: z.string() });

/**
 * The member's own latest selfie check, as her verification page shows it: its status and when, the gesture, and a
 * refusal's reason (never the coordinator's note, never who decided).
 */
export const mySelfieCheck = z.object({
  status: z.enum(selfieStatuses),
  gestureId: z.enum(gestureIds),
  /** When the gesture was drawn, the photo sent, or the check decided, expired or revoked: the status's own date. */
  at: z.string(),
  reason: z.enum(selfieRefusalReasons).nullable(),
  /** While drawn: until when a photo may be sent for this gesture. */
  gestureExpiresAt: z.string().nullable(),
});
export type MySelfieCheck = z.infer<typeof mySelfieCheck>;

/**
 * GET /api/verification: her rungs (each a date or null, and `full`), as her matches see them, and her latest selfie
 * check (additive), so the page says what is missing and how to get it.
 */
export const myVerification = verificationLadder.extend({ selfieCheck: mySelfieCheck.nullable() });
export type MyVerification = z.infer<typeof myVerification>;

/**
 * One selfie awaiting review, as the coordinators' queue shows it beside her profile photos: the photo itself is
 * read at /objects/selfies/{id} (coordinators only, audited), never a storage key.
 */
export const queuedSelfie = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  gestureId: z.enum(gestureIds),
  submittedAt: z.string(),
  /** When the photo is deleted undecided. */
  deleteBy: z.string(),
  /** Her profile photos, as the coordinator's member page shows them. */
  photos: z.array(z.string()),
});
export type QueuedSelfie = z.infer<typeof queuedSelfie>;

export const selfieParams = z.object({ id: z.uuid() });

/** POST /api/coordinator/selfies/{id}/decision: a refusal names its reason; the note is for the team only. */
export const selfieDecisionInput = z
  .object({
    approve: z.boolean(),
    reason: z.enum(selfieRefusalReasons, { error: 'selfieReasonRequired' }).optional(),
    note: z.string().trim().max(2000, { error: tooLongCode(2000) }).default(''),
  })
  .refine((input) => input.approve || input.reason !== undefined, { error: 'selfieReasonRequired', path: ['reason'] });
export type SelfieDecisionInput = z.infer<typeof selfieDecisionInput>;
export const selfieDecided = z.object({ id: z.string(), status: z.enum(['approved', 'refused']) });

/**
 * What the admin may ask a member to verify again (a moderation action): the selfie, and the coordinator's meeting.
 * Email and references are facts of their own (an address she opened, words of others) and stay.
 */
export const reverifiableRungs = ['selfie', 'metByCoordinator'] as const;
/** POST /api/admin/users/{userId}/reverify: the rungs to clear (the selfie when left out). */
export const reverifyInput = z.object({ rungs: z.array(z.enum(reverifiableRungs)).min(1).max(2).optional() }).nullish();
export const reverifyResult = z.object({ userId: z.string(), cleared: z.array(z.enum(reverifiableRungs)) });
