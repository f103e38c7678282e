CREATE TABLE "member_reputation" (
	"member_id" text PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"good_trade_reviews" integer DEFAULT 0 NOT NULL,
	"bad_trade_reviews" integer DEFAULT 0 NOT NULL,
	"good_feedback" integer DEFAULT 0 NOT NULL,
	"problem_feedback" integer DEFAULT 0 NOT NULL,
	"confirmed_no_shows" integer DEFAULT 0 NOT NULL,
	"upheld_reports" integer DEFAULT 0 NOT NULL,
	"sparks_received" integer DEFAULT 0 NOT NULL,
	"phone_verified" integer DEFAULT 0 NOT NULL,
	"business_verified" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_reputation_score_check" CHECK ("member_reputation"."score" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "member_reputation" ADD CONSTRAINT "member_reputation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;