ALTER TABLE "profiles" ADD COLUMN "loc_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "loc_region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "loc_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "community_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "dob_key" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "stated_age" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "match_keys_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_browsable_idx" ON "profiles" USING btree ("gender") WHERE "profiles"."profile_active" and cardinality("profiles"."photos") >= 2;