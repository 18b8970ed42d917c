/**
 * The site: site-content.service.ts (the site's content: the environment's values until the admin saves their own),
 * launch-checklist.ts (what the deployment still lacks), site.routes.ts.
 */
// The feature's public face (docs/architecture.md, Features): other features import only this file; eslint.config.js
// refuses a path into the folder from outside it.
export { SiteContentService } from './site-content.service';
export { siteRoutes } from './site.routes';
