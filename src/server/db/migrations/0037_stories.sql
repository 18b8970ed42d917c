CREATE TABLE "introduction_stories" (
	"introduction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"share" boolean NOT NULL,
	"names" text,
	"text" text,
	"photo_key" text,
	"photo_added_at" timestamp with time zone,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "introduction_stories_introduction_id_user_id_pk" PRIMARY KEY("introduction_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "story_publications" (
	"introduction_id" uuid PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "introduction_stories" ADD CONSTRAINT "introduction_stories_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_stories" ADD CONSTRAINT "introduction_stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_publications" ADD CONSTRAINT "story_publications_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;