import { sql } from 'drizzle-orm';
import type { SiteContentInput, StoredSiteContent } from '#domain/site/site-content';
import type { SiteInfo } from '#domain/site/site-info';
import type { Db } from '#server/db/client';
import { siteContent } from '#server/db/schema';


/**
 * The site's content: the environment's values (config.ts siteInfoOf) until the admin saves their
 * own, which then replace them all. Read at each page request (one row by its key), so a save shows at the next
 * visit on every process.
 */
export class SiteContentService {
  constructor(
    private readonly db: Db,
    private readonly defaults: SiteInfo,
  ) {}

  async current(): Promise<SiteInfo> {
    const [row] = await this.db.select({ content: siteContent.content }).from(siteContent).limit(1);
    if (!row) return this.defaults;
    const stored = row.content;
    return {
      ministryName: stored.ministryName,
      ministryLine: stored.ministryLine,
      ministryUrl: stored.ministryUrl,
      contactEmail: stored.contactEmail,
      donationUrl: stored.donationUrl,
      testimonials: stored.testimonials.map(({ quote, author, location, role }) => ({ quote, author, location, role })),
      sampleTestimonials: false,
      eldersApprove: this.defaults.eldersApprove,
      directMessages: this.defaults.directMessages,
    };
  }

  /** Replaces the whole content; a testimonial kept from the last save keeps the date its consent was recorded. */
  async save(input: SiteContentInput, now = new Date()): Promise<SiteInfo> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select({ content: siteContent.content }).from(siteContent).for('update');
      const earlier = (before?.content.testimonials ?? []).map((item) => [JSON.stringify(withoutDate(item)), item.consentRecordedAt] as const);
      const recorded = new Map(earlier);
      const content: StoredSiteContent = {
        ...input,
        testimonials: input.testimonials.map((item) => ({ ...item, consentRecordedAt: recorded.get(JSON.stringify(item)) ?? now.toISOString() })),
      };
      await tx
        .insert(siteContent)
        .values({ id: 1, content, updatedAt: now })
        .onConflictDoUpdate({ target: siteContent.id, set: { content, updatedAt: sql`excluded.updated_at` } });
    });
    return this.current();
  }
}

function withoutDate({ consentRecordedAt: _date, ...item }: StoredSiteContent['testimonials'][number]) {
  return item;
}
