CREATE TABLE "introduction_meetings" (
	"introduction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"met" text NOT NULL,
	"again" boolean,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "introduction_meetings_introduction_id_user_id_pk" PRIMARY KEY("introduction_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "introduction_meetings" ADD CONSTRAINT "introduction_meetings_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_meetings" ADD CONSTRAINT "introduction_meetings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;