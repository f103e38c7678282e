CREATE TABLE "transition_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transition_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"machine" text NOT NULL,
	"subject_id" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"transition" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "onboarding" text DEFAULT 'signed_up' NOT NULL;--> statement-breakpoint
CREATE INDEX "transition_log_subject_idx" ON "transition_log" USING btree ("machine","subject_id","id");--> statement-breakpoint
-- The two first-login flags become one state: complete is welcomed; a saved profile without it is profile_saved.
UPDATE "member" SET "onboarding" = CASE
	WHEN "profile_complete" THEN 'welcomed'
	WHEN EXISTS (SELECT 1 FROM "member_profile" p WHERE p."user_id" = "member"."id") THEN 'profile_saved'
	ELSE 'signed_up'
END;--> statement-breakpoint
ALTER TABLE "member" DROP COLUMN "profile_complete";--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_onboarding_check" CHECK ("member"."onboarding" in ('signed_up', 'profile_saved', 'welcomed'));--> statement-breakpoint
ALTER TABLE "content_report" ADD CONSTRAINT "content_report_status_check" CHECK ("content_report"."status" in ('open', 'resolved', 'dismissed'));