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
ALTER TABLE "article_frame_number" ADD CONSTRAINT "article_frame_number_article_id_board_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."board_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_listing_id_market_listing_article_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_report_id_board_article_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."board_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_hold" ADD CONSTRAINT "theft_hold_decided_by_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_frame_number_digest_idx" ON "article_frame_number" USING btree ("digest","role");--> statement-breakpoint
CREATE UNIQUE INDEX "theft_hold_pair_key" ON "theft_hold" USING btree ("listing_id","report_id");--> statement-breakpoint
CREATE INDEX "theft_hold_state_idx" ON "theft_hold" USING btree ("state","created_at");