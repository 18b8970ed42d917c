import { z } from 'zod';

/**
 * The marriage-readiness consultation (spec §3, §5): a member who answers Yes asks for a volunteer mentor to meet
 * them before introductions begin. Coordinators see who asked and mark each request handled with a private note;
 * the member reads only that the request was received (their own profile's `consultationRequestedAt`).
 */
export const consultationStatuses = ['open', 'handled'] as const;
export type ConsultationStatus = (typeof consultationStatuses)[number];

export const CONSULTATION_NOTE_MAX = 2000;

export const consultationsQuery = z.object({
  status: z.enum(consultationStatuses).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ConsultationsQuery = z.infer<typeof consultationsQuery>;

/** POST /api/coordinator/consultations/{userId}/handled: the coordinator's private note (may be empty). */
export const consultationHandledInput = z.object({
  note: z.string().trim().max(CONSULTATION_NOTE_MAX, { error: 'tooLong2000' }).default(''),
});
export type ConsultationHandledInput = z.infer<typeof consultationHandledInput>;

/** One member who asked, as the coordinators' queue shows them (no biodata beyond the name and place). */
export const consultationRequest = z.object({
  userId: z.string(),
  name: z.string(),
  location: z.string(),
  requestedAt: z.string(),
  handledAt: z.string().nullable(),
  /** The coordinator who marked it, by name (null while open, or when that account is gone). */
  handledBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type ConsultationRequest = z.infer<typeof consultationRequest>;
