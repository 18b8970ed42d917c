import { displayAge } from '#domain/profile/age';
import { ageSide } from './matching';
import { MIN_PHOTOS_TO_ACTIVATE } from '#domain/profile/profile';
import { excludedByMustHaves, type MustHaveAnswers, type MustHaves } from '#domain/profile/must-haves';

/** The fields that decide whether two profiles may meet (spec §6), and the mutual must-haves (issue 49). */
export interface CandidacyProfile extends MustHaveAnswers {
  userId: string;
  gender: string;
  dateOfBirth: string | null;
  age: string | null;
  minAge: number;
  maxAge: number;
  ageFlexibility: string;
  profileActive: boolean;
  photos: readonly string[];
  mustHaves: MustHaves | null;
}

/** Active and showing at least the two photos activation requires. */
export function isBrowsable(profile: CandidacyProfile): boolean {
  return profile.profileActive && profile.photos.length >= MIN_PHOTOS_TO_ACTIVATE;
}

/** A strict seeker excludes anyone outside the sought range; an unknown age is not excluded (matching.ts ageSide). */
function excludedByStrictRange(seeker: CandidacyProfile, other: CandidacyProfile, today: Date): boolean {
  return ageSide(seeker, displayAge(other, today)).excluded;
}

/**
 * Whether `other` is one of `viewer`'s match candidates: both browsable, not the same person,
 * a man and a woman, neither excluded by the other's strict age range, nor by the other's must-haves (an answer not
 * given excludes no one).
 */
export function isMatchCandidate(viewer: CandidacyProfile, other: CandidacyProfile, today: Date = new Date()): boolean {
  return (
    viewer.userId !== other.userId &&
    isBrowsable(viewer) &&
    isBrowsable(other) &&
    viewer.gender !== other.gender &&
    !excludedByStrictRange(viewer, other, today) &&
    !excludedByStrictRange(other, viewer, today) &&
    !excludedByMustHaves(viewer, other) &&
    !excludedByMustHaves(other, viewer)
  );
}
