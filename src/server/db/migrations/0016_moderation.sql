CREATE TABLE "signup_holds" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reported_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reported_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reported_hash" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "evidence" json;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "reporter_standing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: reports filed before issue 28 are judged as if filed today with the same rule (a verified email,
-- and an account older than 7 days when the report was made or a conversation or introduction with the person).
UPDATE "reports" r SET "reporter_standing" = true
FROM "users" u
WHERE u."id" = r."reporter_id" AND u."email_verified_at" IS NOT NULL AND (
  u."created_at" <= r."created_at" - interval '7 days'
  OR EXISTS (SELECT 1 FROM "messages" m WHERE (m."sender_id" = r."reporter_id" AND m."receiver_id" = r."reported_id") OR (m."sender_id" = r."reported_id" AND m."receiver_id" = r."reporter_id"))
  OR EXISTS (SELECT 1 FROM "introductions" i WHERE (i."member_a" = r."reporter_id" AND i."member_b" = r."reported_id") OR (i."member_a" = r."reported_id" AND i."member_b" = r."reporter_id"))
);
