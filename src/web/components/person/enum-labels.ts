import type { TFunction } from 'i18next';
import {
  ageFlexibilities,
  consultations,
  courtshipAlignments,
  dietAlignments,
  enumKey,
  genders,
  relocations,
  type AgeFlexibility,
  type Consultation,
  type CourtshipAlignment,
  type DietAlignment,
  type Gender,
  type Relocation,
} from '#domain/profile/profile';
import {
  childrenAnswers,
  educationLevels,
  initiations,
  maritalHistories,
  traditions,
  wantsChildrenAnswers,
  type ChildrenAnswer,
  type EducationLevel,
  type Initiation,
  type MaritalHistory,
  type Tradition,
  type WantsChildrenAnswer,
} from '#domain/profile/biodata';
import type { SelectOption } from '../ui/select';

/** Each enum value shown as words in the current language (spec: "Enum values shown as words"). */
export const enumLabel = {
  gender: (t: TFunction, value: Gender) => t(`profile.enums.gender.${enumKey(value)}`),
  ageFlexibility: (t: TFunction, value: AgeFlexibility) => t(`profile.enums.ageFlexibility.${enumKey(value)}`),
  relocation: (t: TFunction, value: Relocation) => t(`profile.enums.relocation.${enumKey(value)}`),
  courtshipAlignment: (t: TFunction, value: CourtshipAlignment) => t(`profile.enums.courtshipAlignment.${enumKey(value)}`),
  dietAlignment: (t: TFunction, value: DietAlignment) => t(`profile.enums.dietAlignment.${enumKey(value)}`),
  marriageReadinessConsultation: (t: TFunction, value: Consultation) =>
    t(`profile.enums.marriageReadinessConsultation.${enumKey(value)}`),
  maritalHistory: (t: TFunction, value: MaritalHistory) => t(`profile.enums.maritalHistory.${enumKey(value)}`),
  children: (t: TFunction, value: ChildrenAnswer) => t(`profile.enums.children.${enumKey(value)}`),
  wantsChildren: (t: TFunction, value: WantsChildrenAnswer) => t(`profile.enums.wantsChildren.${enumKey(value)}`),
  educationLevel: (t: TFunction, value: EducationLevel) => t(`profile.enums.educationLevel.${enumKey(value)}`),
  tradition: (t: TFunction, value: Tradition) => t(`profile.enums.tradition.${enumKey(value)}`),
  initiation: (t: TFunction, value: Initiation) => t(`profile.enums.initiation.${enumKey(value)}`),
  familyInvolvement: (t: TFunction, value: boolean) => t(`profile.enums.familyInvolvement.${value ? 'yes' : 'no'}`),
};

/** The consultation badge: Interested for yes, Not interested for no, otherwise Maybe later (spec §2). */
export function consultationBadgeLabel(t: TFunction, value: Consultation): string {
  return t(`profile.consultationBadge.${enumKey(value)}`);
}

/** Options for a select or radio group of one enum, labelled in the current language. */
export function enumOptions(t: TFunction) {
  const options = <Value extends string>(values: readonly Value[], label: (t: TFunction, value: Value) => string): SelectOption[] =>
    values.map((value) => ({ value, label: label(t, value) }));
  return {
    gender: options(genders, enumLabel.gender),
    ageFlexibility: options(ageFlexibilities, enumLabel.ageFlexibility),
    relocation: options(relocations, enumLabel.relocation),
    courtshipAlignment: options(courtshipAlignments, enumLabel.courtshipAlignment),
    dietAlignment: options(dietAlignments, enumLabel.dietAlignment),
    marriageReadinessConsultation: options(consultations, enumLabel.marriageReadinessConsultation),
    maritalHistory: options(maritalHistories, enumLabel.maritalHistory),
    children: options(childrenAnswers, enumLabel.children),
    wantsChildren: options(wantsChildrenAnswers, enumLabel.wantsChildren),
    educationLevel: options(educationLevels, enumLabel.educationLevel),
    tradition: options(traditions, enumLabel.tradition),
    initiation: options(initiations, enumLabel.initiation),
    // The form's select sends the words 'true' / 'false' (profile-input.ts reads them).
    familyInvolvement: [true, false].map((value) => ({ value: String(value), label: enumLabel.familyInvolvement(t, value) })),
  };
}
