ALTER TABLE "volunteer_applications" ADD COLUMN "agreed_to_revenue_split" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD COLUMN "agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteer_applications" ADD COLUMN "agreement_policy_version" integer;--> statement-breakpoint
-- Existing rows carried the agreement as an English sentence appended to the background (issue 13 bug 4):
-- record it as the fact (agreed when the application was sent, policy version 1) and strip the sentence.
UPDATE "volunteer_applications"
SET "agreed_to_revenue_split" = true,
    "agreed_at" = "created_at",
    "agreement_policy_version" = 1,
    "background" = btrim(replace(replace("background", E'\n\nPartnership agreement: I agree to share 50-50 the platform booking fees of paid services booked through Sanga with the ministry organisation.', ''), 'Partnership agreement: I agree to share 50-50 the platform booking fees of paid services booked through Sanga with the ministry organisation.', ''), E' \n')
WHERE position('Partnership agreement: I agree to share 50-50 the platform booking fees of paid services booked through Sanga with the ministry organisation.' in "background") > 0;
