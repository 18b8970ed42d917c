ALTER TABLE "profiles" ADD COLUMN "marital_history" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "children" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wants_children" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "education" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "profession" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "family_background" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "family_involvement" boolean;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "practice" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "height_unit" text;