import { z } from 'zod';
import { directMessagePolicies } from '#domain/access';

/** Bounds of the admin's site content: a landing page, not a blog. */
export const MAX_TESTIMONIALS = 12;

const localized = (max: number) => z.object({ en: z.string().trim().min(1).max(max), es: z.string().trim().min(1).max(max) });
const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).max(500);

/** PUT /api/admin/site-content: the whole content at once; `consent: true` records that each author agreed. */
export const siteContentInput = z.object({
  testimonials: z
    .array(
      z.object({
        quote: localized(600),
        author: z.string().trim().min(1).max(80),
        location: z.string().trim().max(80),
        role: localized(80),
        consent: z.literal(true),
      }),
    )
    .max(MAX_TESTIMONIALS),
  ministryName: z.string().trim().min(1).max(120).nullable(),
  ministryLine: localized(300).nullable(),
  ministryUrl: httpsOrHttpUrl.nullable(),
  contactEmail: z.email().max(254),
  donationUrl: httpsOrHttpUrl.nullable(),
});
export type SiteContentInput = z.infer<typeof siteContentInput>;

/** What is stored (site_content.content): the admin's input, each testimonial with when its author's consent was recorded. */
export type StoredSiteContent = Omit<SiteContentInput, 'testimonials'> & {
  testimonials: (SiteContentInput['testimonials'][number] & { consentRecordedAt: string })[];
};

const localizedAnswer = z.object({ en: z.string(), es: z.string() });
/** GET /api/site-content and the PUT's answer: what the site shows (domain/site/site-info.ts SiteInfo). */
export const siteContentAnswer = z.object({
  testimonials: z.array(z.object({ quote: localizedAnswer, author: z.string(), location: z.string(), role: localizedAnswer })),
  sampleTestimonials: z.boolean(),
  ministryName: z.string().nullable(),
  ministryLine: localizedAnswer.nullable(),
  ministryUrl: z.string().nullable(),
  contactEmail: z.string(),
  donationUrl: z.string().nullable(),
  eldersApprove: z.boolean(),
  /** DIRECT_MESSAGES: the member screens say the messaging rule in force (domain/access.ts). */
  directMessages: z.enum(directMessagePolicies),
});
