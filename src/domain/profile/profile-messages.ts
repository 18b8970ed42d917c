// Apart from profile.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

/** English text by code. Spec §5 wording for the form rules; the rest are ours. */
export const profileValidationMessages = {
  nameRequired: 'Name is required',
  nameLinkOrAt: 'A name cannot contain a web address or the @ sign',
  genderRequired: 'Please select your gender',
  dateOfBirthRequired: 'Date of birth is required for age matching',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  dateOfBirthUnderage: 'You must be at least 18 years old',
  minAgeRequired: 'Please enter minimum age',
  maxAgeRequired: 'Please enter maximum age',
  ageRange: 'Age must be between 18 and 99',
  minAgeAboveMax: 'Minimum age must be less than or equal to maximum age',
  ageFlexibilityRequired: 'Please select age flexibility',
  exactLocationRequired: 'Please enter city, state/region, and country',
  relocationRequired: 'Please select relocation preference',
  communityRequired: 'Community affiliation is required',
  courtshipRequired: 'Please select courtship preference',
  dietRequired: 'Please select diet preference',
  dealBreakersShort: 'Please list your top 3 deal-breakers',
  dealMakersShort: 'Please list your top 3 deal-makers',
  aboutYouShort: 'Please share more about yourself',
  consultationRequired: 'Please select an option',
  textInvalid: 'Please enter text',
  maritalHistoryRequired: 'Please select your marital history',
  optionInvalid: 'Please select one of the options',
  heightRange: 'Height must be between 120 and 230 cm',
  yesNoInvalid: 'Please answer yes or no',
  mustHaveDuplicate: 'Each option can be chosen only once',
  heightRangeOrder: 'The shortest height must not be above the tallest',
} as const;

export type ProfileValidationCode = keyof typeof profileValidationMessages;
