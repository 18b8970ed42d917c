import { z } from 'zod';
import {
  ageFlexibilities,
  consultations,
  courtshipAlignments,
  dietAlignments,
  genders,
  MAX_PHOTOS,
  relocations,
} from './profile';
import { mustHavesShape } from './must-haves';
import { vedicAnswer } from './vedic';
import { childrenAnswers, educationLevels, initiations, maritalHistories, traditions, wantsChildrenAnswers } from './biodata';

/** A stored photo's address: served by the server only to people allowed to see it. */
export const objectPathPattern = /^\/objects\/photos\/[A-Za-z0-9_-]{16,64}\.(jpg|webp)$/;
export const objectPath = z.string().regex(objectPathPattern, { error: 'photoInvalid' });

/**
 * The biodata as every screen that shows a profile's biodata reads it (the owner, a match, the introduction card,
 * an elder, a coordinator): null where the member has not answered; `education` and `practice` always objects.
 */
export const biodata = z.object({
  maritalHistory: z.enum(maritalHistories).nullable(),
  children: z.enum(childrenAnswers).nullable(),
  wantsChildren: z.enum(wantsChildrenAnswers).nullable(),
  education: z.object({ level: z.enum(educationLevels).nullable(), field: z.string().nullable() }),
  profession: z.string().nullable(),
  heightCm: z.number().int().nullable(),
  familyBackground: z.string().nullable(),
  familyInvolvement: z.boolean().nullable(),
  practice: z.object({
    tradition: z.enum(traditions).nullable(),
    traditionOther: z.string().nullable(),
    initiation: z.enum(initiations).nullable(),
    daily: z.string().nullable(),
  }),
});
export type Biodata = z.infer<typeof biodata>;

/** The signed-in user's own profile, as GET/POST /api/profile and GET /api/profile/preview answer it. */
export const ownProfile = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  gender: z.enum(genders),
  /** YYYY-MM-DD; private, used only for age matching. */
  dateOfBirth: z.string().nullable(),
  age: z.string().nullable(),
  /** Full years from dateOfBirth (else the stored age), computed by the server. */
  ageYears: z.number().int().nullable(),
  minAge: z.number().int(),
  maxAge: z.number().int(),
  ageFlexibility: z.enum(ageFlexibilities),
  exactLocation: z.string(),
  relocation: z.enum(relocations),
  communityAffiliation: z.string(),
  courtshipAlignment: z.enum(courtshipAlignments),
  dietAlignment: z.enum(dietAlignments),
  languagesSpoken: z.string().nullable(),
  dealBreakers: z.string(),
  dealMakers: z.string(),
  aboutYou: z.string(),
  marriageReadinessConsultation: z.enum(consultations),
  /** When the member's Yes to the consultation reached the coordinators (null unless the answer is Yes). */
  consultationRequestedAt: z.string().nullable().optional(),
  photos: z.array(z.string()),
  /** Only people she is introduced to (and the staff who handle her) see the photos; others get placeholders. */
  photosPrivate: z.boolean(),
  profileComplete: z.boolean(),
  profileActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the member will not consider (must-haves.ts): only in the owner's own answers, never in anyone else's. */
  mustHaves: mustHavesShape.nullable(),
  /**
   * Birth time and place for Vedic compatibility (vedic.ts): only in the owner's own answers, never in anyone
   * else's. Additive: optional, so an answer shaped as the spec's (without it) still reads.
   */
  vedic: vedicAnswer.optional(),
}).extend(biodata.shape);
export type OwnProfile = z.infer<typeof ownProfile>;

/** PATCH /api/profile: the photo slots to keep, in order (only non-empty slots are sent). */
export const photosInput = z.object({
  photos: z.array(objectPath).max(MAX_PHOTOS, { error: 'tooManyPhotos' }),
});
export type PhotosInput = z.infer<typeof photosInput>;

/** PATCH /api/profile/toggle-active */
export const toggleActiveInput = z.object({ active: z.boolean() });

/** POST /api/objects/upload answers where to PUT the file. */
export const uploadTicket = z.object({ uploadURL: z.string() });
/**
 * POST /api/objects/upload's body: the spec sends none. `size` (the file's bytes) lets a bucket's presigned URL
 * sign the exact length, so the bucket itself refuses a bigger body; a server that stores in a bucket requires
 * it, and anything over the 10 MB limit is refused before a link is made.
 */
export const uploadTicketInput = z.object({ size: z.number().int().positive().optional() }).nullish();

/** PUT /api/profile-photos: register the uploaded file as a photo of the signed-in user. */
export const registerPhotoInput = z.object({ photoURL: z.string().min(1).max(2000) });
export const registeredPhoto = z.object({ objectPath: z.string() });

/** spec §9: the browser refuses files over this before uploading; the server refuses them too (413). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The biodata as stored (education and practice null until answered), in the answers' shape. */
export function biodataOf(row: { [K in keyof Biodata]: K extends 'education' | 'practice' ? Biodata[K] | null : Biodata[K] }): Biodata {
  return {
    maritalHistory: row.maritalHistory,
    children: row.children,
    wantsChildren: row.wantsChildren,
    education: { level: row.education?.level ?? null, field: row.education?.field ?? null },
    profession: row.profession,
    heightCm: row.heightCm,
    familyBackground: row.familyBackground,
    familyInvolvement: row.familyInvolvement,
    practice: {
      tradition: row.practice?.tradition ?? null,
      traditionOther: row.practice?.traditionOther ?? null,
      initiation: row.practice?.initiation ?? null,
      daily: row.practice?.daily ?? null,
    },
  };
}
