ALTER TABLE "messages" ADD COLUMN "system" json;--> statement-breakpoint
-- hand-written: the coordinator's opening notes stored before issue 30 as English text become system messages: the
-- kind and the other member's first name ("your match" stood for none), the coordinator's note left as the content.
UPDATE "messages" SET
  "system" = json_build_object('kind', 'introduced', 'name', nullif(substring("content" from '^You and ([^\n]*) have both accepted the introduction\. You may now write to each other\.'), 'your match')),
  "content" = regexp_replace("content", '^You and [^\n]* have both accepted the introduction\. You may now write to each other\.(\n\n)?', '')
WHERE "system" IS NULL
  AND "content" ~ '^You and [^\n]* have both accepted the introduction\. You may now write to each other\.'
  AND EXISTS (
    SELECT 1 FROM "introductions" i
    WHERE i."coordinator_id" = "messages"."sender_id" AND "messages"."receiver_id" IN (i."member_a", i."member_b")
  );
