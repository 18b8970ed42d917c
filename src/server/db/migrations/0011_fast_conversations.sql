CREATE TABLE "conversations" (
	"user_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_seq" bigint NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_user_id_other_id_pk" PRIMARY KEY("user_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_id_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Fill the table from the messages already there: each person's last message with each other person, and how many they have not read.
INSERT INTO "conversations" ("user_id", "other_id", "last_message_id", "last_seq", "unread_count")
SELECT DISTINCT ON (mine.user_id, mine.other_id) mine.user_id, mine.other_id, mine.id, mine.seq,
       count(*) FILTER (WHERE mine.unread) OVER (PARTITION BY mine.user_id, mine.other_id)
FROM (
  SELECT "sender_id" AS user_id, "receiver_id" AS other_id, "id", "seq", false AS unread FROM "messages"
  UNION ALL
  SELECT "receiver_id" AS user_id, "sender_id" AS other_id, "id", "seq", NOT "read" AS unread FROM "messages"
) AS mine
ORDER BY mine.user_id, mine.other_id, mine.seq DESC;
