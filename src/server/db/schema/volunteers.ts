import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

/**
 * Legacy partner applications: read-only in the admin dashboard. Linked to the account with the same email (the
 * migration links them, the hourly retention pass links new matches and deletes what stays unlinked: docs/privacy.md),
 * so they go with the account and appear in its export.
 */
export const partnerApplications = pgTable('partner_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  dateOfBirth: text('date_of_birth'),
  age: text('age'),
  communityAffiliation: text('community_affiliation'),
  exactLocation: text('exact_location'),
  marriageReadinessConsultation: text('marriage_readiness_consultation'),
  relocation: text('relocation'),
  diet: text('diet'),
  dealBreakers: text('deal_breakers'),
  dealMakers: text('deal_makers'),
  aboutYou: text('about_you'),
  courtshipStyle: text('courtship_style'),
  createdAt: createdAt(),
}, (t) => [index('partner_applications_user_idx').on(t.userId), index('partner_applications_created_idx').on(t.createdAt, t.id)]);

export const volunteerApplications = pgTable('volunteer_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Unique: one application per user, also when first submissions race (INSERT … ON CONFLICT). */
  userId: uuid('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  /** A free-text birth year, as the spec's form collects it. */
  dateOfBirth: text('date_of_birth'),
  contribution: text('contribution').notNull(),
  background: text('background').notNull(),
  photo: text('photo'),
  donationInfo: text('donation_info'),
  minimumDonation: text('minimum_donation'),
  approved: boolean('approved').notNull().default(false),
  /** The revenue-share agreement as its own fact, no longer a sentence in the background. */
  agreedToRevenueSplit: boolean('agreed_to_revenue_split').notNull().default(false),
  agreedAt: timestamp('agreed_at', { withTimezone: true }),
  agreementPolicyVersion: integer('agreement_policy_version'),
  createdAt: createdAt(),
}, (t) => [
  // The admin's list: newest first, searched by name and email.
  index('volunteer_applications_created_idx').on(t.createdAt, t.id),
  index('volunteer_applications_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  index('volunteer_applications_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
]);
