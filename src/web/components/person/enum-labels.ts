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
  };
}
