import { profileValidationMessages } from '../../../domain/profile';

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
    },
    ageFlexibility: {
      strict: 'Strict',
      preferred: 'Preferred',
      flexible: 'Flexible',
    },
    relocation: {
      localOnly: 'Local only',
      iWillRelocate: 'I will relocate',
      partnerRelocates: 'Partner relocates',
      eitherRelocates: 'Either of us relocates',
      openToDiscuss: 'Open to discuss',
    },
    courtshipAlignment: {
      oneToOneEssential: 'One-to-one essential',
      oneToOnePreferred: 'One-to-one preferred',
      eitherWithGuidance: 'Either, with guidance',
      rotationalPreferred: 'Rotational preferred',
      rotationalEssential: 'Rotational essential',
    },
    dietAlignment: {
      strictSattvic: 'Strict sattvic',
      plantBasedPreferred: 'Plant-based preferred',
      vegetarianFlexible: 'Vegetarian, flexible',
      valuesOverDiet: 'Values over diet',
      openAndLearning: 'Open and learning',
    },
    marriageReadinessConsultation: {
      yes: 'Yes',
      no: 'No',
      maybeLater: 'Maybe later',
    },
  },
  consultationBadge: {
    yes: 'Interested',
    no: 'Not interested',
    maybeLater: 'Maybe later',
  },
} as const;
