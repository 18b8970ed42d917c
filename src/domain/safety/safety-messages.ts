// Apart from safety.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

export const safetyValidationMessages = {
  reportReasonInvalid: 'Choose a reason',
  noteRequired: 'A reason is required',
  reportMessageInvalid: 'That message is not one between you and this person',
} as const;
