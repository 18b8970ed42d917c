-- Issue 30.4: an answer's deadline is an outbox job run at respond_by (features/introductions/introduction-deadlines.ts),
-- no longer an expiry written before every read. Introductions already waiting at deploy time get their job here,
-- once, in the migration's transaction (the payload as scheduleExpiry writes it; a deadline already past runs at once).
INSERT INTO "jobs" ("kind", "payload", "run_at")
SELECT 'introduction-expiry',
  jsonb_build_object('introductionId', "id"::text, 'respondBy', to_char("respond_by" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
  "respond_by"
FROM "introductions"
WHERE "status" IN ('awaiting-first', 'awaiting-second') AND "respond_by" IS NOT NULL;
