// Apart from volunteer.ts (its zod schemas), so the web's catalogs can carry these texts without zod.

/** spec §5 texts, by code. */
export const volunteerValidationMessages = {
  volunteerNameShort: 'Name must be at least 2 characters',
  contributionShort: 'Please describe what you offer (at least 10 characters)',
  backgroundShort: 'Please share more about your background (at least 20 characters)',
  agreementRequired: 'You must agree to the volunteer terms',
} as const;
