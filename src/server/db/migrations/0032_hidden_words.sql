ALTER TABLE "users" ADD COLUMN "hidden_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_receiver_hidden_idx" ON "messages" USING btree ("receiver_id","created_at") WHERE "messages"."hidden";