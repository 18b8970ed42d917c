import { launchChecklist } from '#domain/staff/launch-checklist';
import { siteContentAnswer, siteContentInput } from '#domain/site/site-content';
import type { AppInstance } from '#server/app-types';
import { adminOnly } from '#server/http/guards';
import type { Db } from '#server/db/client';
import { auditActorOf, type AuditLog } from '#server/audit/audit-log';
import { launchChecklistOf, type LaunchFacts } from './launch-checklist';
import type { SiteContentService } from './site-content.service';

/** The site's content and the launch checklist. */
export function siteRoutes(app: AppInstance, deps: { db: Db; siteContent: SiteContentService; auditLog: AuditLog; launchFacts: LaunchFacts }) {
  const { db, siteContent, auditLog, launchFacts } = deps;

  app.get('/api/site-content', { schema: { response: { 200: siteContentAnswer } } }, async () => siteContent.current());

  app.put('/api/admin/site-content', { preValidation: adminOnly, schema: { body: siteContentInput, response: { 200: siteContentAnswer } } }, async (request) => {
    const saved = await siteContent.save(request.body);
    await auditLog.record(auditActorOf(request), 'site-content.update', { type: 'site_content', id: '1' }, {
      testimonials: request.body.testimonials.length,
      ministryName: request.body.ministryName,
      ministryUrl: request.body.ministryUrl,
      contactEmail: request.body.contactEmail,
      donationUrl: request.body.donationUrl,
    });
    return saved;
  });

  app.get('/api/admin/launch-checklist', { preValidation: adminOnly, schema: { response: { 200: launchChecklist } } }, async () => {
    return launchChecklistOf(db, siteContent, launchFacts);
  });
}
