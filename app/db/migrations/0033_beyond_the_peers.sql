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
CREATE TABLE "listing_inspection" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_inspection_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"expert_id" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"verdict" text,
	"summary" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"outdated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_inspection_status_check" CHECK ("listing_inspection"."status" in ('proposed', 'agreed', 'declined', 'submitted', 'published', 'outdated', 'closed')),
	CONSTRAINT "listing_inspection_verdict_check" CHECK ("listing_inspection"."verdict" is null or "listing_inspection"."verdict" in ('recommended', 'withCare', 'notRecommended')),
	CONSTRAINT "listing_inspection_submitted_check" CHECK ("listing_inspection"."submitted_at" is null or "listing_inspection"."verdict" is not null)
);
--> statement-breakpoint
CREATE TABLE "article_frame_number" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"digest" text NOT NULL,
	"key_id" text NOT NULL,
	"format" text NOT NULL,
	"tail" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_frame_number_role_check" CHECK ("article_frame_number"."role" in ('listing', 'theftReport')),
	CONSTRAINT "article_frame_number_format_check" CHECK ("article_frame_number"."format" in ('vin', 'legacy')),
	CONSTRAINT "article_frame_number_tail_check" CHECK (char_length("article_frame_number"."tail") = 4)
);
--> statement-breakpoint
CREATE TABLE "theft_hold" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "theft_hold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "theft_hold_state_check" CHECK ("theft_hold"."state" in ('held', 'released', 'kept'))
);
--> statement-breakpoint
CREATE TABLE "listing_service_log" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"garage_bike_id" integer NOT NULL,
	"attached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_running_cost" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_log_entry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_log_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"garage_bike_id" integer NOT NULL,
	"done_on" date NOT NULL,
	"mileage_km" integer,
	"work" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cost_won" integer,
	"shop" text DEFAULT '' NOT NULL,
	"meeting_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_log_entry_work_check" CHECK ("service_log_entry"."work" in ('oil', 'chain', 'tyres', 'brakes', 'coolant', 'battery', 'inspection', 'other')),
	CONSTRAINT "service_log_entry_mileage_check" CHECK ("service_log_entry"."mileage_km" between 0 and 999999),
	CONSTRAINT "service_log_entry_cost_check" CHECK ("service_log_entry"."cost_won" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "service_reminder" (
	"garage_bike_id" integer NOT NULL,
	"work" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"months" integer NOT NULL,
	"km" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_reminder_garage_bike_id_work_pk" PRIMARY KEY("garage_bike_id","work"),
	CONSTRAINT "service_reminder_work_check" CHECK ("service_reminder"."work" in ('oil', 'chain', 'tyres')),
	CONSTRAINT "service_reminder_months_check" CHECK ("service_reminder"."months" between 1 and 120),
	CONSTRAINT "service_reminder_km_check" CHECK ("service_reminder"."km" between 100 and 100000)
);
--> statement-breakpoint
CREATE TABLE "market_listing_fit" (
	"article_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"year_from" integer,
	"year_to" integer,
	CONSTRAINT "market_listing_fit_article_id_model_id_pk" PRIMARY KEY("article_id","model_id"),
	CONSTRAINT "market_listing_fit_years_check" CHECK ("market_listing_fit"."year_from" <= "market_listing_fit"."year_to")
);
--> statement-breakpoint
ALTER TABLE "market_keyword" ADD COLUMN "only_fitting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "member_reputation" ADD CONSTRAINT "member_reputation_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_buyer_id_member_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_seller_id_member_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_expert_id_member_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_frame_number" ADD CONSTRAINT "article_frame_number_article_id_board_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."board_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_listing_id_market_listing_article_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_report_id_board_article_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."board_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_decided_by_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_service_log" ADD CONSTRAINT "listing_service_log_listing_id_market_listing_article_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_service_log" ADD CONSTRAINT "listing_service_log_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_running_cost" ADD CONSTRAINT "review_running_cost_review_id_motorcycle_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."motorcycle_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log_entry" ADD CONSTRAINT "service_log_entry_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log_entry" ADD CONSTRAINT "service_log_entry_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminder" ADD CONSTRAINT "service_reminder_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_fit" ADD CONSTRAINT "market_listing_fit_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_fit" ADD CONSTRAINT "market_listing_fit_model_id_motorcycle_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."motorcycle_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_inspection_meeting_key" ON "listing_inspection" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_inspection_open_key" ON "listing_inspection" USING btree ("article_id","buyer_id") WHERE "listing_inspection"."status" in ('proposed', 'agreed', 'declined');--> statement-breakpoint
CREATE INDEX "listing_inspection_article_idx" ON "listing_inspection" USING btree ("article_id","status");--> statement-breakpoint
CREATE INDEX "article_frame_number_digest_idx" ON "article_frame_number" USING btree ("digest","role");--> statement-breakpoint
CREATE UNIQUE INDEX "theft_hold_pair_key" ON "theft_hold" USING btree ("listing_id","report_id");--> statement-breakpoint
CREATE INDEX "theft_hold_state_idx" ON "theft_hold" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "listing_service_log_bike_idx" ON "listing_service_log" USING btree ("garage_bike_id");--> statement-breakpoint
CREATE INDEX "service_log_entry_bike_idx" ON "service_log_entry" USING btree ("garage_bike_id","done_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_log_entry_meeting_key" ON "service_log_entry" USING btree ("garage_bike_id","meeting_id") WHERE "service_log_entry"."meeting_id" is not null;--> statement-breakpoint
CREATE INDEX "market_listing_fit_model_idx" ON "market_listing_fit" USING btree ("model_id","article_id");