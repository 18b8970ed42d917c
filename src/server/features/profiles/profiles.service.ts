import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { displayAge } from '#domain/profile/age';
import { consultationFromStorage, consultationToStorage, MIN_PHOTOS_TO_ACTIVATE, type StoredConsultation } from '#domain/profile/profile';
import { isProfileComplete, pickProfileFields, storedBiodataParts, type ProfileInput } from '#domain/profile/profile-input';
import type { ErrorCode } from '#domain/error-codes';
import { biodataOf, type OwnProfile } from '#domain/profile/profile-api';
import type { Db } from '#server/db/client';
import { profiles, uploads, users } from '#server/db/schema';
import { badRequest, fieldError, forbidden, notFound } from '#server/errors';
import { notifyProfileChanged, type ChangesApplied } from '#server/events/changes';
import { matchKeys } from '../matches';
import { objectKeyFromPath, objectPathFromKey } from '../photos';

export type ProfileRow = typeof profiles.$inferSelect;

/** The stored row as the owner sees it: enum storage mapped back, dates as strings, age computed. */
export function toOwnProfile(row: ProfileRow): OwnProfile {
  return {
    ...pickProfileFields(row),
    ...biodataOf(row),
    id: row.id,
    userId: row.userId,
    ageYears: displayAge(row),
    marriageReadinessConsultation: consultationFromStorage(row.marriageReadinessConsultation),
    consultationRequestedAt: row.consultationRequestedAt?.toISOString() ?? null,
    photos: row.photos,
    profileComplete: row.profileComplete,
    profileActive: row.profileActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The row's fields in the shape the profile schema checks. */
function asInput(row: ProfileRow) {
  return { ...row, marriageReadinessConsultation: consultationFromStorage(row.marriageReadinessConsultation) };
}

/**
 * When the consultation was asked for: a Yes keeps the date of the Yes already saved, a new Yes is asked now, any
 * other answer withdraws it (the coordinators' queue lists only members whose answer is Yes).
 */
function consultationRequestedAt(existing: Pick<ProfileRow, 'marriageReadinessConsultation' | 'consultationRequestedAt'> | null, stored: StoredConsultation): Date | null {
  if (stored !== 'yes') return null;
  if (existing?.marriageReadinessConsultation === 'yes' && existing.consultationRequestedAt) return existing.consultationRequestedAt;
  return new Date();
}

export class ProfilesService {
  constructor(
    private readonly db: Db,
    private readonly changesApplied: ChangesApplied = async () => undefined,
    /** REQUIRE_VERIFIED_EMAIL: activation needs a verified email. */
    private readonly requireVerifiedEmail = false,
  ) {}

  private async changed<T extends { row: ProfileRow } | ProfileRow>(result: T): Promise<T> {
    await this.changesApplied();
    return result;
  }

  async findByUser(userId: string): Promise<ProfileRow | null> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row ?? null;
  }

  async getOwn(userId: string, missing: ErrorCode = 'profile-not-found'): Promise<ProfileRow> {
    const row = await this.findByUser(userId);
    if (!row) throw notFound(missing);
    return row;
  }

  /** Creates or updates the caller's profile; saved photos and the active flag are kept. */
  async save(userId: string, input: ProfileInput): Promise<{ row: ProfileRow; created: boolean }> {
    return this.changed(await this.db.transaction(async (tx) => {
      let [existing] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
      const stored = consultationToStorage(input.marriageReadinessConsultation);
      const values = {
        ...input,
        ...storedBiodataParts(input),
        age: input.age ?? null,
        languagesSpoken: input.languagesSpoken ?? null,
        marriageReadinessConsultation: stored,
        ...matchKeys({ ...input, age: input.age ?? null }),
      };
      if (!existing) {
        // ON CONFLICT: a concurrent first save may insert between our SELECT (which locks nothing when no row
        // exists) and this INSERT; it answered 500 on the unique user_id. The loser then updates that row.
        const profileComplete = isProfileComplete(input, 0);
        const [row] = await tx
          .insert(profiles)
          .values({ ...values, userId, photos: [], profileComplete, consultationRequestedAt: consultationRequestedAt(null, stored) })
          .onConflictDoNothing({ target: profiles.userId })
          .returning();
        if (row) {
          await notifyProfileChanged(tx, row.id);
          return { row, created: true };
        }
        [existing] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
        if (!existing) throw new Error('profile row vanished during an upsert');
      }
      const profileComplete = isProfileComplete(input, existing.photos.length);
      const [row] = await tx
        .update(profiles)
        .set({ ...values, profileComplete, consultationRequestedAt: consultationRequestedAt(existing, stored), updatedAt: new Date() })
        .where(eq(profiles.id, existing.id))
        .returning();
      await notifyProfileChanged(tx, existing.id);
      return { row: row!, created: false };
    }));
  }

  /**
   * Sets the photo slots. Every path must be a photo this user uploaded; a profile left with fewer
   * than two photos stops being active, since activation needs two.
   */
  async setPhotos(userId: string, photoPaths: string[]): Promise<ProfileRow> {
    if (new Set(photoPaths).size !== photoPaths.length) {
      throw badRequest('photo-duplicate', [fieldError('photos', 'photoDuplicate')]);
    }
    const keys = photoPaths.map(objectKeyFromPath);
    return this.changed(await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
      if (!existing) throw notFound('profile-missing');
      if (keys.length > 0) {
        const owned = await tx
          .select({ key: uploads.objectKey })
          .from(uploads)
          .where(and(eq(uploads.userId, userId), isNotNull(uploads.objectKey), inArray(uploads.objectKey, keys)));
        const ownedKeys = new Set(owned.map((o) => o.key));
        const foreign = keys.findIndex((key) => !ownedKeys.has(key));
        if (foreign >= 0) {
          throw badRequest('photo-not-yours', [fieldError(`photos.${foreign}`, 'photoUnknown')]);
        }
        // A photo already shown publicly as a volunteer photo stays public; the rest are private profile photos.
        await tx
          .update(uploads)
          .set({ purpose: 'profile' })
          .where(and(eq(uploads.userId, userId), inArray(uploads.objectKey, keys), isNull(uploads.purpose)));
      }
      const photos = keys.map(objectPathFromKey);
      const profileComplete = isProfileComplete(asInput(existing), photos.length);
      const [row] = await tx
        .update(profiles)
        .set({
          photos,
          profileComplete,
          profileActive: existing.profileActive && photos.length >= MIN_PHOTOS_TO_ACTIVATE,
          updatedAt: new Date(),
        })
        .where(eq(profiles.id, existing.id))
        .returning();
      await notifyProfileChanged(tx, existing.id);
      return row!;
    }));
  }

  /** Activating needs a complete profile with two photos; deactivating always works. */
  async setActive(userId: string, active: boolean): Promise<ProfileRow> {
    return this.changed(await this.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update').limit(1);
      if (!existing) throw notFound('profile-missing');
      const profileComplete = isProfileComplete(asInput(existing), existing.photos.length);
      if (active && !profileComplete) throw badRequest('profile-incomplete', [fieldError('active', 'activationRefused')]);
      if (active && this.requireVerifiedEmail) {
        const [owner] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
        if (!owner?.verifiedAt) throw forbidden('activation-email-not-verified');
      }
      const [row] = await tx
        .update(profiles)
        .set({ profileActive: active, profileComplete, updatedAt: new Date() })
        .where(eq(profiles.id, existing.id))
        .returning();
      await notifyProfileChanged(tx, existing.id);
      return row!;
    }));
  }
}
