import { displayAge } from '#domain/profile/age';
import type { MatchProfileBaseView } from '#domain/matching/match-api';
import { consultationFromStorage, firstName, MATCH_PHOTOS_SHOWN } from '#domain/profile/profile';
import { biodataOf } from '#domain/profile/profile-api';
import type { ProfileRow } from '#server/db/schema';
import { photosForReader } from '#domain/profile/photo-privacy';

/**
 * Another member's whole profile as the match page shows it, biodata included (never the date of birth, the email,
 * the age flexibility or any preference): the match page, and the elders' review of an introduction read it from here, so the two
 * cannot drift apart. `photos`: the originals, their blurred placeholders (the person keeps her photos for the people
 * she is introduced to: domain/access.ts can.seeOriginalPhotos), or none (an elder's list of what they already
 * reviewed).
 */
export function matchProfileView(other: ProfileRow, today: Date, options: { photos: 'originals' | 'placeholders' | 'none' }): MatchProfileBaseView {
  return {
    id: other.id,
    userId: other.userId,
    firstName: firstName(other.name),
    age: displayAge(other, today),
    exactLocation: other.exactLocation,
    relocation: other.relocation,
    communityAffiliation: other.communityAffiliation,
    courtshipAlignment: other.courtshipAlignment,
    dietAlignment: other.dietAlignment,
    languagesSpoken: other.languagesSpoken,
    aboutYou: other.aboutYou,
    dealMakers: other.dealMakers,
    dealBreakers: other.dealBreakers,
    marriageReadinessConsultation: consultationFromStorage(other.marriageReadinessConsultation),
    ...biodataOf(other),
    ...(options.photos === 'none' ? { photos: [], photosBlurred: false } : photosForReader(other.photos.slice(0, MATCH_PHOTOS_SHOWN), options.photos === 'originals')),
  };
}
