CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"guardian_user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relation" text NOT NULL,
	"sees_messages" boolean DEFAULT false NOT NULL,
	"messages_since" timestamp with time zone,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_guardian_user_id_users_id_fk" FOREIGN KEY ("guardian_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardians_member_idx" ON "guardians" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "guardians_guardian_idx" ON "guardians" USING btree ("guardian_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_pair_idx" ON "guardians" USING btree ("member_id","guardian_user_id") WHERE "guardians"."guardian_user_id" is not null;