import {
  profileValidationMessages,
  type AgeFlexibility,
  type Consultation,
  type CourtshipAlignment,
  type DietAlignment,
  type EnumKey,
  type Gender,
  type Relocation,
} from '../../../domain/profile';

/** A label for every value of an enum, keyed by enumKey(value); `satisfies` refuses missing and extra keys. */
type Labels<Value extends string> = Record<EnumKey<Value>, string>;

/**
 * Profile texts. `validation` is keyed by the codes the profile schema carries; `enums` has a label
 * for every enum value, keyed by enumKey(value) ('local-only' → 'localOnly').
 */
export default {
  validation: profileValidationMessages,
  enums: {
    gender: {
      man: 'Man',
      woman: 'Woman',
    } satisfies Labels<Gender>,
    ageFlexibility: {
      strict: 'Strict',
      preferred: 'Preferred',
      flexible: 'Flexible',
    } satisfies Labels<AgeFlexibility>,
    relocation: {
      localOnly: 'Local only',
      iWillRelocate: 'I will relocate',
      partnerRelocates: 'Partner relocates',
      eitherRelocates: 'Either of us relocates',
      openToDiscuss: 'Open to discuss',
    } satisfies Labels<Relocation>,
    courtshipAlignment: {
      oneToOneEssential: 'One-to-one essential',
      oneToOnePreferred: 'One-to-one preferred',
      eitherWithGuidance: 'Either, with guidance',
      rotationalPreferred: 'Rotational preferred',
      rotationalEssential: 'Rotational essential',
    } satisfies Labels<CourtshipAlignment>,
    dietAlignment: {
      strictSattvic: 'Strict sattvic',
      plantBasedPreferred: 'Plant-based preferred',
      vegetarianFlexible: 'Vegetarian, flexible',
      valuesOverDiet: 'Values over diet',
      openAndLearning: 'Open and learning',
    } satisfies Labels<DietAlignment>,
    marriageReadinessConsultation: {
      yes: 'Yes',
      no: 'No',
      maybeLater: 'Maybe later',
    } satisfies Labels<Consultation>,
  },
  consultationBadge: {
    yes: 'Interested',
    no: 'Not interested',
    maybeLater: 'Maybe later',
  } satisfies Labels<Consultation>,
} as const;
