import { z } from 'zod';
import { emailField } from '#domain/accounts/auth';
import { nameLooksLikeLink, splitName } from '#domain/profile/profile';
import { tooLongCode, type TextLimit } from '#domain/text-length';

export const VOLUNTEER_NAME_MIN = 2;
export const VOLUNTEER_CONTRIBUTION_MIN = 10;
export const VOLUNTEER_BACKGROUND_MIN = 20;
const NAME_MAX = 80 satisfies TextLimit;
const TEXT_MAX = 2000 satisfies TextLimit;
/** The stored background also carries the offerings and the agreement text, so it may be longer. */
const STORED_BACKGROUND_MAX = 7000 satisfies TextLimit;
const SHORT_MAX = 200 satisfies TextLimit;

export { volunteerValidationMessages } from './volunteer-messages';

/**
 * The agreement text the spec's payload appends to the background (spec §7 note). The server strips it on
 * receipt and records the agreement as its own fact (agreed, when, which policy version), so the stored
 * background is the applicant's own words and the public card never shows an English legal sentence.
 */
export const REVENUE_SPLIT_AGREEMENT =
  'Volunteer terms: Sanga books no service, takes no payment and keeps no fee; paid services are arranged and paid directly between the volunteer and the person.';
/**
 * The first policy's text (version 1), still stripped when an older page sends it. It promised a 50-50 split of
 * booking fees for paid services booked through Sanga, which Sanga has never taken: version 2 says what is true.
 */
export const FIRST_AGREEMENT_TEXT =
  'Partnership agreement: I agree to share 50-50 the platform booking fees of paid services booked through Sanga with the ministry organisation.';
/** Bump when the agreement's text changes; each agreement records the version agreed to. */
export const REVENUE_SPLIT_POLICY_VERSION = 2;

/** The background without the appended agreement paragraph (wherever it stands, of either version). */
export function withoutAgreementText(background: string): string {
  return background
    .split('\n\n')
    .filter((paragraph) => paragraph.trim() !== REVENUE_SPLIT_AGREEMENT && paragraph.trim() !== FIRST_AGREEMENT_TEXT)
    .join('\n\n')
    .trim();
}

const optionalText = (max: TextLimit) =>
  z
    .string({ error: tooLongCode(max) })
    .trim()
    .max(max, { error: tooLongCode(max) })
    .optional()
    .transform((value) => (value ? value : undefined));

const name = z
  .string({ error: 'volunteerNameShort' })
  .trim()
  .min(VOLUNTEER_NAME_MIN, { error: 'volunteerNameShort' })
  .max(NAME_MAX, { error: tooLongCode(NAME_MAX) })
  .refine((value) => !nameLooksLikeLink(value), { error: 'nameLinkOrAt' });
/** The spec's optional first and last name: the same refusal of links as the name. */
const namePart = optionalText(NAME_MAX).refine((value) => value === undefined || !nameLooksLikeLink(value), { error: 'nameLinkOrAt' });
const contribution = z
  .string({ error: 'contributionShort' })
  .trim()
  .min(VOLUNTEER_CONTRIBUTION_MIN, { error: 'contributionShort' })
  .max(TEXT_MAX, { error: tooLongCode(TEXT_MAX) });
const agreeToRevenueSplit = z.literal(true, { error: 'agreementRequired' });

/** The form /volunteer-apply holds. */
export const volunteerApplicationForm = z.object({
  name,
  email: emailField,
  dateOfBirth: optionalText(SHORT_MAX),
  contribution,
  background: z
    .string({ error: 'backgroundShort' })
    .trim()
    .min(VOLUNTEER_BACKGROUND_MIN, { error: 'backgroundShort' })
    .max(TEXT_MAX, { error: tooLongCode(TEXT_MAX) }),
  freeOfferings: optionalText(TEXT_MAX),
  paidServices: optionalText(TEXT_MAX),
  donationInfo: optionalText(TEXT_MAX),
  minimumDonation: optionalText(SHORT_MAX),
  agreeToRevenueSplit,
});
export type VolunteerApplicationForm = z.infer<typeof volunteerApplicationForm>;
export type VolunteerApplicationFormValues = z.input<typeof volunteerApplicationForm>;

/** POST /api/volunteer-application: the spec's payload, plus the agreement the server records. */
export const volunteerApplicationInput = z.object({
  firstName: namePart,
  lastName: namePart,
  name,
  email: emailField,
  contribution,
  background: z
    .string({ error: 'backgroundShort' })
    .trim()
    .min(VOLUNTEER_BACKGROUND_MIN, { error: 'backgroundShort' })
    .max(STORED_BACKGROUND_MAX, { error: tooLongCode(STORED_BACKGROUND_MAX) }),
  donationInfo: optionalText(TEXT_MAX),
  minimumDonation: optionalText(SHORT_MAX),
  dateOfBirth: optionalText(SHORT_MAX),
  agreeToRevenueSplit,
});
export type VolunteerApplicationInput = z.infer<typeof volunteerApplicationInput>;

/** spec §7 note: firstName is the first word of name, lastName the rest; background gets the offerings and agreement appended. */
export function toApplicationPayload(form: VolunteerApplicationForm, labels: { freeOfferings: string; paidServices: string } = { freeOfferings: 'Free offerings', paidServices: 'Paid services' }): VolunteerApplicationInput {
  const { firstName, lastName } = splitName(form.name);
  const background = [
    form.background,
    form.freeOfferings ? `${labels.freeOfferings}: ${form.freeOfferings}` : null,
    form.paidServices ? `${labels.paidServices}: ${form.paidServices}` : null,
    REVENUE_SPLIT_AGREEMENT,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    firstName,
    lastName: lastName || undefined,
    name: form.name,
    email: form.email,
    contribution: form.contribution,
    background,
    donationInfo: form.donationInfo,
    minimumDonation: form.minimumDonation,
    dateOfBirth: form.dateOfBirth,
    agreeToRevenueSplit: true,
  };
}

/**
 * The form values of an application already sent, for Update Application: the stored background is split
 * back into the background and the offerings (labelled in either language), and the agreement paragraph
 * is dropped (the checkbox stands for it, ticked: the applicant agreed when applying).
 */
export function applicationFormValues(
  stored: VolunteerProfile,
  labelSets: readonly { freeOfferings: string; paidServices: string }[],
): VolunteerApplicationFormValues {
  const paragraphs = stored.background.split('\n\n');
  const kept: string[] = [];
  let freeOfferings = '';
  let paidServices = '';
  for (const paragraph of paragraphs) {
    // Rows stored before the agreement became its own fact may still carry the sentence.
    if (paragraph.trim() === REVENUE_SPLIT_AGREEMENT) continue;
    const free = labelSets.find((labels) => paragraph.startsWith(`${labels.freeOfferings}: `));
    const paid = labelSets.find((labels) => paragraph.startsWith(`${labels.paidServices}: `));
    if (free && !freeOfferings) freeOfferings = paragraph.slice(free.freeOfferings.length + 2);
    else if (paid && !paidServices) paidServices = paragraph.slice(paid.paidServices.length + 2);
    else kept.push(paragraph);
  }
  return {
    name: stored.name,
    email: stored.email,
    dateOfBirth: stored.dateOfBirth ?? '',
    contribution: stored.contribution,
    background: kept.join('\n\n'),
    freeOfferings,
    paidServices,
    donationInfo: stored.donationInfo ?? '',
    minimumDonation: stored.minimumDonation ?? '',
    agreeToRevenueSplit: true,
  };
}

/** A volunteer on /guidance (spec §3 Volunteer): never the email. */
export const publicVolunteer = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  photo: z.string().nullable(),
  contribution: z.string(),
  background: z.string(),
  donationInfo: z.string().nullable(),
  minimumDonation: z.string().nullable(),
});
export type PublicVolunteer = z.infer<typeof publicVolunteer>;

/** The revenue-share agreement as recorded: additive to the spec's fields, never on the public card. */
export const volunteerAgreement = z.object({
  agreed: z.boolean(),
  agreedAt: z.string().nullable(),
  policyVersion: z.number().int().nullable(),
});

/** The applicant's own application (spec §3 Volunteer profile). */
export const volunteerProfile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  contribution: z.string(),
  background: z.string(),
  donationInfo: z.string().nullable(),
  minimumDonation: z.string().nullable(),
  photo: z.string().nullable(),
  approved: z.boolean(),
  createdAt: z.string(),
  agreement: volunteerAgreement,
});
export type VolunteerProfile = z.infer<typeof volunteerProfile>;

export const volunteerPhotoInput = z.object({ photo: z.string().min(1).max(200) });
