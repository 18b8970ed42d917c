import { defaultSiteInfo, parseSiteInfo, SITE_INFO_ELEMENT_ID, type SiteInfo } from '#domain/site/site-info';

let cached: SiteInfo | undefined;

/**
 * This deployment's ministry link and contact address, as the server (or Vite dev) wrote them into
 * index.html. A page without them (or with unreadable JSON) falls back to the defaults: no ministry link.
 */
export function getSiteInfo(): SiteInfo {
  if (cached) return cached;
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  cached = parseSiteInfo(parsed) ?? defaultSiteInfo;
  return cached;
}

/** A render on the server (web/prerender.tsx) has no page to read: it is given this deployment's details. */
export function setSiteInfoForServerRender(info: SiteInfo): void {
  cached = info;
}
