// Apart from safety.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

export const safetyValidationMessages = {
  reportReasonInvalid: 'Choose a reason',
  noteRequired: 'A reason is required',
  reportMessageInvalid: 'That message is not one between you and this person',
  hiddenWordLength: 'Each hidden word or phrase is 2 to 40 characters, with at least one letter or digit',
  hiddenWordsTooMany: 'At most 100 hidden words or phrases',
  hiddenWordsInvalid: 'Give the words as a list',
} as const;
