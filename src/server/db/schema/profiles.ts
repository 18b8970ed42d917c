import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ageFlexibilities, courtshipAlignments, dietAlignments, genders, relocations, storedConsultations } from '#domain/profile/profile';
import { childrenAnswers, maritalHistories, wantsChildrenAnswers } from '#domain/profile/biodata';
import type { Biodata } from '#domain/profile/profile-api';
import type { MustHaves } from '#domain/profile/must-haves';
import { birthTimeAccuracies } from '#domain/profile/vedic';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  gender: text('gender', { enum: genders }).notNull(),
  dateOfBirth: date('date_of_birth'),
  age: text('age'),
  minAge: integer('min_age').notNull().default(18),
  maxAge: integer('max_age').notNull().default(99),
  ageFlexibility: text('age_flexibility', { enum: ageFlexibilities }).notNull().default('flexible'),
  exactLocation: text('exact_location').notNull(),
  relocation: text('relocation', { enum: relocations }).notNull(),
  communityAffiliation: text('community_affiliation').notNull(),
  courtshipAlignment: text('courtship_alignment', { enum: courtshipAlignments }).notNull(),
  dietAlignment: text('diet_alignment', { enum: dietAlignments }).notNull(),
  languagesSpoken: text('languages_spoken'),
  dealBreakers: text('deal_breakers').notNull(),
  dealMakers: text('deal_makers').notNull(),
  aboutYou: text('about_you').notNull(),
  /** yes / no / other (maybe-later) in storage, as the spec says. */
  marriageReadinessConsultation: text('marriage_readiness_consultation', { enum: storedConsultations }).notNull(),
  /** When the member last answered Yes to the consultation (null while the answer is not Yes): the coordinators' queue. */
  consultationRequestedAt: timestamp('consultation_requested_at', { withTimezone: true }),
  profileComplete: boolean('profile_complete').notNull().default(false),
  profileActive: boolean('profile_active').notNull().default(false),
  isPremium: boolean('is_premium').notNull().default(false),
  credits: text('credits').notNull().default('0'),
  // The biodata (domain/profile/biodata.ts): null until the member answers. Education and practice are each one
  // answer of several parts, replaced whole, so each is one column.
  maritalHistory: text('marital_history', { enum: maritalHistories }),
  children: text('children', { enum: childrenAnswers }),
  wantsChildren: text('wants_children', { enum: wantsChildrenAnswers }),
  education: jsonb('education').$type<Biodata['education']>(),
  profession: text('profession'),
  heightCm: integer('height_cm'),
  familyBackground: text('family_background'),
  familyInvolvement: boolean('family_involvement'),
  practice: jsonb('practice').$type<Biodata['practice']>(),
  /**
   * What the member will not consider (domain/profile/must-haves.ts), null when nothing: one answer replaced whole and
   * read whole (by the owner, the export, the match index's row), never queried by its parts, so one jsonb column.
   */
  mustHaves: jsonb('must_haves').$type<MustHaves>(),
  photos: text('photos')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /**
   * "Show my photos only to people I am introduced to": everyone else who may see the profile gets blurred
   * placeholders (features/photos), and the originals answer 404 to them (domain/access.ts can.viewPhoto).
   */
  photosPrivate: boolean('photos_private').notNull().default(false),
  // Match keys: the profile's text normalised once when it is written (see features/matches),
  // so the matching query compares plain columns. matchKeysVersion says which rules made them.
  locCity: text('loc_city').notNull().default(''),
  locRegion: text('loc_region').notNull().default(''),
  locCountry: text('loc_country').notNull().default(''),
  communityKey: text('community_key').notNull().default(''),
  /** The date of birth as YYYYMMDD, so an age is (todayKey - dobKey) / 10000 in integer arithmetic. */
  dobKey: integer('dob_key'),
  /** The leading number of the free-text age, used when there is no date of birth. */
  statedAge: integer('stated_age'),
  matchKeysVersion: integer('match_keys_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // The matching query's filter: active profiles with two photos, by gender.
  index('profiles_browsable_idx').on(t.gender).where(sql`${t.profileActive} and cardinality(${t.photos}) >= 2`),
  // The admin's list: newest first (this index read backwards), paged; searched by name and location (trigram indexes answer ILIKE '%…%').
  index('profiles_created_idx').on(t.createdAt, t.id),
  // The admin's status filter (spec §4's display status is these two columns): its page and its count read only
  // this index once the table is vacuumed (20,000 inactive of 100,000: count 46 ms → 3 ms on PostgreSQL).
  index('profiles_status_created_idx').on(t.profileComplete, t.profileActive, t.createdAt, t.id),
  index('profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('profiles_location_trgm_idx').using('gin', t.exactLocation.op('gin_trgm_ops')),
]);

/** A profile as stored: what the policy layer and the features read (it sits here, below them all). */
export type ProfileRow = typeof profiles.$inferSelect;

/**
 * Birth details for Vedic compatibility (issue 52, domain/profile/vedic.ts), one row a member who opted in: opting
 * out deletes the row, and it goes with the account (cascade). A table of its own, not columns of `profiles`, so
 * that nothing which reads profiles (the match index, the coordinators' and elders' views, the admin's lists, the
 * introductions) ever holds them: only the owner's own profile answers, her export and the chart read this table.
 */
export const vedicBirthDetails = pgTable('vedic_birth_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** "HH:MM", local time at the place of birth; null when the accuracy is `unknown`. */
  birthTime: text('birth_time'),
  birthTimeAccuracy: text('birth_time_accuracy', { enum: birthTimeAccuracies }).notNull(),
  /** The place as the places API named it ("Vrindavan, Uttar Pradesh, India"). */
  placeName: text('place_name').notNull(),
  placeLatitude: doublePrecision('place_latitude').notNull(),
  placeLongitude: doublePrecision('place_longitude').notNull(),
  /** The IANA zone at the place, found by the server from the latitude and longitude (tz-lookup). */
  placeTimeZone: text('place_time_zone').notNull(),
  /**
   * The member's computed chart (domain/vedic/, written by its own change): null until computed, and deleted with
   * the row. Never shown to anyone; the compatibility of two members who both opted in is computed from two charts.
   */
  vedicChart: jsonb('vedic_chart'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type VedicBirthRow = typeof vedicBirthDetails.$inferSelect;
