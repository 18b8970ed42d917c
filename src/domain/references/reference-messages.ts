// Apart from references.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

/** The validation codes of the reference forms (the member's request and the referee's answer). */
export const referenceValidationMessages = {
  refereeNameRequired: 'Please enter a name',
  refereeOwnEmail: 'This is one of your own addresses: please ask someone who knows you',
  relationshipInvalid: 'Choose how they know you',
  knownForYearsInvalid: 'Enter a number of years from 0 to 80',
  choiceRequired: 'Please choose an answer',
  characterLength: 'Please write between 20 and 2,000 characters',
  phoneInvalid: 'At most 40 characters: digits, spaces and + ( ) -',
  /** A coordinator's refusal of a selfie (domain/verification/selfie.ts). */
  selfieReasonRequired: 'Please choose why the selfie is refused',
} as const;
