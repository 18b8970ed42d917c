/** Public contact address shown in the landing footer. */
export const contactEmail = 'hello@sanga.community';

/** The parent ministry Sanga operates under (external site). */
export const parentMinistryUrl = 'https://example.org/ministry';
