CREATE TABLE "consultation_handled" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"handled_at" timestamp with time zone NOT NULL,
	"handled_by" uuid,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "consultation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_handled" ADD CONSTRAINT "consultation_handled_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_handled" ADD CONSTRAINT "consultation_handled_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Members who answered Yes before the consultation queue existed are in it from the day their profile was last
-- saved (the nearest date on record to their Yes).
UPDATE "profiles" SET "consultation_requested_at" = "updated_at" WHERE "marriage_readiness_consultation" = 'yes';
