import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { displayAge } from '#domain/profile/age';
import { consultationFromStorage, consultationToStorage, MIN_PHOTOS_TO_ACTIVATE, type StoredConsultation } from '#domain/profile/profile';
import { isProfileComplete, pickProfileFields, storedBiodataParts, type ProfileInput } from '#domain/profile/profile-input';
import type { ErrorCode } from '#domain/error-codes';
import { biodataOf, type OwnProfile } from '#domain/profile/profile-api';
import { VEDIC_NOT_OPTED_IN, type VedicAnswer, type VedicDetails } from '#domain/profile/vedic';
import type { Db } from '#server/db/client';
import { profiles, uploads, users, vedicBirthDetails, type VedicBirthRow } from '#server/db/schema';
import { chartOf } from '#server/policy/vedic';
import { badRequest, fieldError, forbidden, notFound } from '#server/errors';
import { notifyProfileChanged, type ChangesApplied } from '#server/events/changes';
import { matchKeys } from '../matches';
import { objectKeyFromPath, objectPathFromKey } from '../photos';
import { timeZoneAt } from '../places';

export type ProfileRow = typeof profiles.$inferSelect;

/** The member's birth details as her own answers carry them (all null when she has not opted in). */
function vedicAnswerOf(row: VedicBirthRow | null): VedicAnswer {
  if (!row) return VEDIC_NOT_OPTED_IN;
  return {
    optIn: true,
    birthTime: row.birthTime,
    birthTimeAccuracy: row.birthTimeAccuracy,
    birthPlace: { name: row.placeName, latitude: row.placeLatitude, longitude: row.placeLongitude, timeZone: row.placeTimeZone },
  };
}

/**
 * The stored row as the owner sees it: enum storage mapped back, dates as strings, age computed, and her birth
 * details for Vedic compatibility (only ever in her own answers).
 */
export function toOwnProfile(row: ProfileRow, vedic: VedicBirthRow | null): OwnProfile {
  return {
    vedic: vedicAnswerOf(vedic),
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

  /** The member's birth details (vedic_birth_details), or null when she has not opted in. */
  async vedicOf(userId: string, db: Db = this.db): Promise<VedicBirthRow | null> {
    const [row] = await db.select().from(vedicBirthDetails).where(eq(vedicBirthDetails.userId, userId)).limit(1);
    return row ?? null;
  }

  async getOwn(userId: string, missing: ErrorCode = 'profile-not-found'): Promise<ProfileRow> {
    const row = await this.findByUser(userId);
    if (!row) throw notFound(missing);
    return row;
  }

  /**
   * Creates or updates the caller's profile; saved photos and the active flag are kept. Her birth details change in
   * the same transaction: left out, they stay; opted out, they are deleted; opted in, they are saved whole.
   */
  async save(userId: string, input: ProfileInput): Promise<{ row: ProfileRow; created: boolean; vedic: VedicBirthRow | null }> {
    const { vedic: vedicInput, ...fields } = input;
    return this.changed(await this.db.transaction(async (tx) => {
      const { row, created } = await this.saveProfile(tx, userId, fields);
      const saved = vedicInput === undefined ? await this.vedicOf(userId, tx) : await saveVedic(tx, userId, vedicInput);
      // Her chart follows her birth details and her date of birth: computed here, once, when either changes.
      const vedic = saved ? await storeChart(tx, saved, row.dateOfBirth) : null;
      return { row, created, vedic };
    }));
  }

  private async saveProfile(tx: Db, userId: string, input: Omit<ProfileInput, 'vedic'>): Promise<{ row: ProfileRow; created: boolean }> {
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

/** Computes her chart (policy/vedic.ts) and stores it when it differs from the stored one (a new time, place or date). */
async function storeChart(tx: Db, row: VedicBirthRow, dateOfBirth: string | null): Promise<VedicBirthRow> {
  const chart = chartOf(row, dateOfBirth);
  if (JSON.stringify(chart) === JSON.stringify(row.vedicChart)) return row;
  const [updated] = await tx.update(vedicBirthDetails).set({ vedicChart: chart }).where(eq(vedicBirthDetails.userId, row.userId)).returning();
  return updated!;
}

/**
 * Saves or deletes the member's birth details, inside the profile's transaction. The zone is found again from the
 * latitude and longitude (the client's is checked as a real zone, then replaced), so the stored zone is the server's.
 * A new place or time leaves no chart of the old one: the row's `vedic_chart` is cleared here and computed again by
 * storeChart in the same transaction.
 */
async function saveVedic(tx: Db, userId: string, vedic: VedicDetails | { optIn: false }): Promise<VedicBirthRow | null> {
  if (!vedic.optIn) {
    await tx.delete(vedicBirthDetails).where(eq(vedicBirthDetails.userId, userId));
    return null;
  }
  const { birthPlace } = vedic;
  const values = {
    birthTime: vedic.birthTime,
    birthTimeAccuracy: vedic.birthTimeAccuracy,
    placeName: birthPlace.name,
    placeLatitude: birthPlace.latitude,
    placeLongitude: birthPlace.longitude,
    placeTimeZone: timeZoneAt(birthPlace.latitude, birthPlace.longitude),
    vedicChart: null,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(vedicBirthDetails)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: vedicBirthDetails.userId, set: values })
    .returning();
  return row!;
}
