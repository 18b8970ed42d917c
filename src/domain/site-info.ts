import { z } from 'zod';

/**
 * Who runs this Sanga: the footer's ministry link and contact address. Set per deployment
 * (MINISTRY_URL, MINISTRY_NAME, CONTACT_EMAIL) and handed to the web inside index.html, as a JSON
 * script with this id, so the page has it at first paint without an API call.
 */
export const SITE_INFO_ELEMENT_ID = 'sanga-site';

export const siteInfo = z.object({
  /** No URL configured: the footer shows no ministry link rather than a placeholder. */
  ministryUrl: z.string().nullable(),
  ministryName: z.string().nullable(),
  contactEmail: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfo>;

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
