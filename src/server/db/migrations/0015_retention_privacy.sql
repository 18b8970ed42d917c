CREATE TABLE "installation_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_applications" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_applications_user_idx" ON "partner_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "partner_applications_created_idx" ON "partner_applications" USING btree ("created_at","id");--> statement-breakpoint
-- hand-written: a legacy partner application belongs to the account with its email (docs/privacy.md); the rest
-- are deleted by the hourly retention pass. An account's last use starts from its newest session, if any.
UPDATE "partner_applications" p SET "user_id" = u."id" FROM "users" u WHERE p."user_id" IS NULL AND lower(p."email") = lower(u."email");--> statement-breakpoint
UPDATE "users" u SET "last_active_at" = s."seen" FROM (SELECT ("sess"->>'userId')::uuid AS "uid", max("last_seen_at") AS "seen" FROM "sessions" WHERE "sess"->>'userId' IS NOT NULL GROUP BY 1) s WHERE u."id" = s."uid";
