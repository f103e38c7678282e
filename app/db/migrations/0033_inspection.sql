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
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_buyer_id_member_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_seller_id_member_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_inspection" ADD CONSTRAINT "listing_inspection_expert_id_member_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_inspection_meeting_key" ON "listing_inspection" USING btree ("meeting_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_inspection_open_key" ON "listing_inspection" USING btree ("article_id","buyer_id") WHERE "listing_inspection"."status" in ('proposed', 'agreed', 'declined');--> statement-breakpoint
CREATE INDEX "listing_inspection_article_idx" ON "listing_inspection" USING btree ("article_id","status");