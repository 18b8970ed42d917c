-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- UNLOGGED (edited in by hand, drizzle-kit cannot say it): rate-limit counters skip the WAL and may be lost in a crash.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_reset_idx" ON "rate_limit_counters" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_location_trgm_idx" ON "profiles" USING gin ("exact_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "volunteer_applications_created_idx" ON "volunteer_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "volunteer_applications_name_trgm_idx" ON "volunteer_applications" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "volunteer_applications_email_trgm_idx" ON "volunteer_applications" USING gin ("email" gin_trgm_ops);