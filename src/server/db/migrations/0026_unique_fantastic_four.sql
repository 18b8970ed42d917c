ALTER TABLE "introductions" ADD COLUMN "first_name_a" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "first_name_b" text;--> statement-breakpoint
ALTER TABLE "member_references" ADD COLUMN "coordinator_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "former_email_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Introductions made before: each member's first name as their profile has it now (the nearest to "as it was").
UPDATE "introductions" SET
  "first_name_a" = (SELECT (regexp_split_to_array(btrim(p."name"), '\s+'))[1] FROM "profiles" p WHERE p."user_id" = "introductions"."member_a"),
  "first_name_b" = (SELECT (regexp_split_to_array(btrim(p."name"), '\s+'))[1] FROM "profiles" p WHERE p."user_id" = "introductions"."member_b");--> statement-breakpoint
-- References a coordinator has already read (the audited read lists their ids) count from that first read.
UPDATE "member_references" SET "coordinator_read_at" = (
  SELECT min(a."created_at") FROM "admin_audit" a
  WHERE a."action" = 'coordinator.view-references' AND (a."details"::jsonb -> 'references') ? "member_references"."id"::text
) WHERE "status" = 'received';
