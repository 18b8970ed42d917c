CREATE TABLE "introduction_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"introduction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introduction_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"note" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introduction_reviews" (
	"introduction_id" uuid NOT NULL,
	"elder_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "introduction_reviews_introduction_id_elder_id_pk" PRIMARY KEY("introduction_id","elder_id")
);
--> statement-breakpoint
CREATE TABLE "introductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_a" uuid NOT NULL,
	"member_b" uuid NOT NULL,
	"pair_low" uuid NOT NULL,
	"pair_high" uuid NOT NULL,
	"coordinator_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"approvals" integer DEFAULT 0 NOT NULL,
	"respond_by" timestamp with time zone,
	"reached_first_at" timestamp with time zone,
	"reached_second_at" timestamp with time zone,
	"introduced_at" timestamp with time zone,
	"first_reason" text,
	"second_reason" text,
	"cancel_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "introduction_follow_ups" ADD CONSTRAINT "introduction_follow_ups_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_follow_ups" ADD CONSTRAINT "introduction_follow_ups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_requests" ADD CONSTRAINT "introduction_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_requests" ADD CONSTRAINT "introduction_requests_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_reviews" ADD CONSTRAINT "introduction_reviews_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_reviews" ADD CONSTRAINT "introduction_reviews_elder_id_users_id_fk" FOREIGN KEY ("elder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_member_a_users_id_fk" FOREIGN KEY ("member_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_member_b_users_id_fk" FOREIGN KEY ("member_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "introduction_follow_ups_intro_idx" ON "introduction_follow_ups" USING btree ("introduction_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "introduction_requests_requester_idx" ON "introduction_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "introduction_requests_other_idx" ON "introduction_requests" USING btree ("other_id");--> statement-breakpoint
CREATE UNIQUE INDEX "introduction_requests_open_pair_idx" ON "introduction_requests" USING btree ("requester_id","other_id") WHERE "introduction_requests"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "introductions_member_a_idx" ON "introductions" USING btree ("member_a","status");--> statement-breakpoint
CREATE INDEX "introductions_member_b_idx" ON "introductions" USING btree ("member_b","status");--> statement-breakpoint
CREATE INDEX "introductions_status_idx" ON "introductions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "introductions_pair_idx" ON "introductions" USING btree ("pair_low","pair_high");--> statement-breakpoint
CREATE UNIQUE INDEX "introductions_open_pair_idx" ON "introductions" USING btree ("pair_low","pair_high") WHERE "introductions"."status" not in ('ended', 'declined', 'expired', 'cancelled', 'declined-by-elders');