-- Concurrent first applications could store several rows for one user (finding 9). Keep the newest row of
-- each user's duplicates (latest created_at, then the largest id as a tie-break) and delete the rest before
-- the unique constraint is added, so the migration succeeds on a database that already has duplicates.
DELETE FROM "volunteer_applications" AS a
USING "volunteer_applications" AS b
WHERE a."user_id" IS NOT NULL
  AND a."user_id" = b."user_id"
  AND (a."created_at", a."id") < (b."created_at", b."id");--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD CONSTRAINT "volunteer_applications_user_id_unique" UNIQUE("user_id");
