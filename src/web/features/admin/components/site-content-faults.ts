import { siteContentInput, type SiteContentInput } from '#domain/site/site-content';

/** What is wrong with one field, as the admin reads it (admin.siteContent.validation.*). */
export type SiteContentFault = 'required' | 'email' | 'url' | 'consent' | 'tooLong';

const URL_FIELDS = new Set(['ministryUrl', 'donationUrl']);

/**
 * The faults of the site content, by the form's field name ("contactEmail", "ministryLineEs",
 * "testimonials.0.quoteEn"), checked with the schema the server uses, so the form says in the admin's language what
 * the server would refuse, instead of the browser's own bubbles in the browser's language.
 */
export function siteContentFaults(input: SiteContentInput): Record<string, SiteContentFault> {
  const parsed = siteContentInput.safeParse(input);
  if (parsed.success) return {};
  const faults: Record<string, SiteContentFault> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path);
    const value = valueAt(input, issue.path);
    const blank = typeof value === 'string' && !value.trim();
    const fault: SiteContentFault =
      issue.code === 'invalid_value' ? 'consent'
      : issue.code === 'too_big' ? 'tooLong'
      : blank ? 'required'
      : field === 'contactEmail' ? 'email'
      : URL_FIELDS.has(field) ? 'url'
      : 'required';
    faults[field] ??= fault;
  }
  return faults;
}

/** The form's field for a schema path: the localized pairs are two fields each ("quote.en" is "quoteEn"). */
function fieldOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  const last = parts.at(-1);
  if ((last === 'en' || last === 'es') && parts.length >= 2) {
    return [...parts.slice(0, -2), `${parts.at(-2)}${last === 'en' ? 'En' : 'Es'}`].join('.');
  }
  return parts.join('.');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), input);
}
