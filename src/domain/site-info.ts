/**
 * Who runs this Sanga: the footer's ministry link and contact address. Set per deployment
 * (MINISTRY_URL, MINISTRY_NAME, CONTACT_EMAIL) and handed to the web inside index.html, as a JSON
 * script with this id, so the page has it at first paint without an API call.
 */
export const SITE_INFO_ELEMENT_ID = 'sanga-site';

export interface SiteInfo {
  /** No URL configured: the footer shows no ministry link rather than a placeholder. */
  ministryUrl: string | null;
  ministryName: string | null;
  contactEmail: string;
}

/**
 * The site information read back from the page, or null when it is not that shape. A plain check, not a zod
 * schema: the landing page reads it, and zod (24 KiB compressed) would be the largest part of its download.
 */
export function parseSiteInfo(value: unknown): SiteInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { ministryUrl, ministryName, contactEmail } = value as Record<string, unknown>;
  const nullableText = (field: unknown) => field === null || typeof field === 'string';
  if (!nullableText(ministryUrl) || !nullableText(ministryName) || typeof contactEmail !== 'string') return null;
  return { ministryUrl: ministryUrl as string | null, ministryName: ministryName as string | null, contactEmail };
}

export const DEFAULT_CONTACT_EMAIL = 'hello@sanga.community';
export const defaultSiteInfo: SiteInfo = { ministryUrl: null, ministryName: null, contactEmail: DEFAULT_CONTACT_EMAIL };

/** The script element carrying the site information; `<` is escaped so no value can close the script. */
export function siteInfoScript(info: SiteInfo): string {
  const json = JSON.stringify(info).replace(/</g, '\\u003c');
  return `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** index.html with the site information placed just before </head>. */
export function withSiteInfo(html: string, info: SiteInfo): string {
  return html.replace('</head>', `    ${siteInfoScript(info)}\n  </head>`);
}
