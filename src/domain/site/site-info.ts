/**
 * Who runs this Sanga and what its landing page says of it: the ministry, the contact and donation addresses and
 * the testimonials. The environment gives the defaults (MINISTRY_URL, MINISTRY_NAME, CONTACT_EMAIL, DONATION_URL);
 * the admin's site content (GET /api/site-content) replaces them. Handed to the web inside index.html, as
 * a JSON script with this id, so the page has it at first paint without an API call.
 */
import type { DirectMessagePolicy } from '#domain/access';

export const SITE_INFO_ELEMENT_ID = 'sanga-site';

export interface LocalizedText {
  en: string;
  es: string;
}

export interface Testimonial {
  quote: LocalizedText;
  author: string;
  location: string;
  role: LocalizedText;
}

/** A story two members agreed to share and the admin published (issue 51 part 5): the landing page's first words. */
export interface SiteStory {
  id: string;
  parts: { names: string; text: string }[];
  status: 'engaged' | 'married';
  /** The photo of the two (an /objects/stories/… path) or null. */
  photo: string | null;
}

export interface SiteInfo {
  /** No URL configured: the footer shows no ministry link rather than a placeholder. */
  ministryUrl: string | null;
  ministryName: string | null;
  /** A line about the ministry in the footer; null: the generic sentence. */
  ministryLine: LocalizedText | null;
  contactEmail: string;
  /** An external donation page; null: the donation guide says how to give in person. */
  donationUrl: string | null;
  testimonials: Testimonial[];
  /** The testimonials are still the spec's samples (the launch checklist asks to replace them). */
  sampleTestimonials: boolean;
  /** ELDER_APPROVALS > 0: the landing promises the elders' review only then. */
  eldersApprove: boolean;
  /**
   * Whether the Guidance page lists any mentor (an approved volunteer with a photo): the landing offers "Meet the
   * Mentors" only then, and invites volunteers otherwise. Only the page's copy carries it (read at each request);
   * absent, as in the site content's own answer, it counts as listed.
   */
  mentorsListed?: boolean;
  /** The published stories, shown in place of the testimonials when there is one (only the page's copy carries them). */
  stories?: SiteStory[];
  /** DIRECT_MESSAGES: the Introductions, match and conversation screens say the messaging rule in force. */
  directMessages: DirectMessagePolicy;
}

const isText = (field: unknown): field is string => typeof field === 'string';
const isNullableText = (field: unknown) => field === null || isText(field);
const isLocalized = (field: unknown): field is LocalizedText =>
  typeof field === 'object' && field !== null && isText((field as LocalizedText).en) && isText((field as LocalizedText).es);
const isTestimonial = (field: unknown): field is Testimonial => {
  if (typeof field !== 'object' || field === null) return false;
  const { quote, author, location, role } = field as Record<string, unknown>;
  return isLocalized(quote) && isText(author) && isText(location) && isLocalized(role);
};

/** A story as the page carries it: what the landing's story card reads (its words are the server's, escaped by React). */
const isStory = (field: unknown): field is SiteStory => {
  const { id, parts, photo } = (field ?? {}) as Record<string, unknown>;
  return isText(id) && Array.isArray(parts) && isNullableText(photo);
};

/**
 * The site information read back from the page, or null when it is not that shape. A plain check, not a zod
 * schema: the landing page reads it, and zod (24 KiB compressed) would be the largest part of its download.
 */
export function parseSiteInfo(value: unknown): SiteInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ministryUrl, ministryName, ministryLine, contactEmail, donationUrl, testimonials, sampleTestimonials, eldersApprove, directMessages } = value as Record<string, unknown>;
  if (!isNullableText(ministryUrl) || !isNullableText(ministryName) || !isText(contactEmail) || !isNullableText(donationUrl)) return null;
  if (!(ministryLine === null || isLocalized(ministryLine))) return null;
  if (!Array.isArray(testimonials) || !testimonials.every(isTestimonial)) return null;
  if (typeof sampleTestimonials !== 'boolean' || typeof eldersApprove !== 'boolean') return null;
  const { mentorsListed, stories } = value as Record<string, unknown>;
  if (mentorsListed !== undefined && typeof mentorsListed !== 'boolean') return null;
  // Stories the page cannot read are left out rather than losing the rest of the page's information.
  const readStories = Array.isArray(stories) ? stories.filter(isStory) : [];
  return {
    ministryUrl: ministryUrl as string | null,
    ministryName: ministryName as string | null,
    ministryLine,
    contactEmail,
    donationUrl: donationUrl as string | null,
    testimonials,
    sampleTestimonials,
    eldersApprove,
    ...(mentorsListed === undefined ? {} : { mentorsListed }),
    ...(readStories.length > 0 ? { stories: readStories } : {}),
    // A page written before the setting was handed over reads as the default mode rather than losing the rest.
    directMessages: directMessages === 'introductions-only' ? 'introductions-only' : 'open',
  };
}

/** The spec's three stories: the landing's sample content until the admin replaces them. */
export const SAMPLE_TESTIMONIALS: Testimonial[] = [
  {
    quote: {
      en: 'I had given up on apps. Here, a coordinator actually listened to what mattered to me, and our first meeting felt natural and unhurried.',
      es: 'Ya me había rendido con las aplicaciones. Aquí, una coordinadora de verdad escuchó lo que era importante para mí, y nuestro primer encuentro se sintió natural y sin prisas.',
    },
    author: 'Lakshmi D.',
    location: 'Austin, Texas',
    role: { en: 'Yoga teacher', es: 'Maestra de yoga' },
  },
  {
    quote: {
      en: 'Being open to relocating across the border changed everything. The elders’ guidance gave both our families real peace of mind.',
      es: 'Estar abierto a mudarme a otro país lo cambió todo. La orientación de los mayores les dio verdadera tranquilidad a nuestras dos familias.',
    },
    author: 'Gopal S.',
    location: 'Toronto, Ontario',
    role: { en: 'Temple volunteer', es: 'Voluntario del templo' },
  },
  {
    quote: {
      en: 'I chose rotational courtship and never felt pressured. Everyone was respectful, and the follow-ups were always clear and kind.',
      es: 'Elegí el noviazgo rotativo y nunca me sentí presionada. Todos fueron respetuosos y el seguimiento siempre fue claro y amable.',
    },
    author: 'María Fernanda R.',
    location: 'Guadalajara, Jalisco',
    role: { en: 'Bhakti practitioner', es: 'Practicante de Bhakti' },
  },
];

export const DEFAULT_CONTACT_EMAIL = 'hello@sanga.community';
export const defaultSiteInfo: SiteInfo = {
  ministryUrl: null,
  ministryName: null,
  ministryLine: null,
  contactEmail: DEFAULT_CONTACT_EMAIL,
  donationUrl: null,
  testimonials: SAMPLE_TESTIMONIALS,
  sampleTestimonials: true,
  eldersApprove: false,
  directMessages: 'open',
};

/** The script element carrying the site information; `<` is escaped so no value can close the script. */
export function siteInfoScript(info: SiteInfo): string {
  const json = JSON.stringify(info).replace(/</g, '\\u003c');
  return `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** index.html with the site information placed just before </head>. */
export function withSiteInfo(html: string, info: SiteInfo): string {
  return html.replace('</head>', () => `    ${siteInfoScript(info)}\n  </head>`);
}
