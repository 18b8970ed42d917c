ALTER TABLE "introduction_reviews" ADD COLUMN "reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "first_decline_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "second_decline_reasons" text[] DEFAULT '{}'::text[] NOT NULL;