CREATE TABLE "message_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "unkind" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_holds" ADD CONSTRAINT "message_holds_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_holds" ADD CONSTRAINT "message_holds_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_holds_sender_receiver_idx" ON "message_holds" USING btree ("sender_id","receiver_id");--> statement-breakpoint
CREATE INDEX "message_holds_receiver_idx" ON "message_holds" USING btree ("receiver_id");--> statement-breakpoint
CREATE INDEX "message_holds_created_idx" ON "message_holds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_automatic_open_idx" ON "reports" USING btree ("reported_id") WHERE "reports"."reporter_id" is null and "reports"."status" = 'open';