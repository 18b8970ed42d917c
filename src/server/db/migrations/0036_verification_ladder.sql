CREATE TABLE "selfie_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"gesture_id" text NOT NULL,
	"status" text NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"object_key" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"photos" text[],
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "selfie_checks" ADD CONSTRAINT "selfie_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selfie_checks" ADD CONSTRAINT "selfie_checks_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selfie_checks_user_idx" ON "selfie_checks" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "selfie_checks_pending_idx" ON "selfie_checks" USING btree ("submitted_at") WHERE "selfie_checks"."status" = 'pending';