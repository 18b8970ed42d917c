CREATE TABLE "vedic_birth_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"birth_time" text,
	"birth_time_accuracy" text NOT NULL,
	"place_name" text NOT NULL,
	"place_latitude" double precision NOT NULL,
	"place_longitude" double precision NOT NULL,
	"place_time_zone" text NOT NULL,
	"vedic_chart" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vedic_birth_details" ADD CONSTRAINT "vedic_birth_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;