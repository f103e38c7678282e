CREATE TABLE "market_keyword" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_keyword_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"keyword" text NOT NULL,
	"kind" text,
	"area_code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listing" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"seller_id" text NOT NULL,
	"status" text NOT NULL,
	"price" integer NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"trade_direct" boolean DEFAULT true NOT NULL,
	"trade_delivery" boolean DEFAULT false NOT NULL,
	"area_code" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"model_name" text,
	"model_year" integer,
	"mileage_km" integer,
	"displacement_cc" integer,
	"colour" text,
	"accident_history" text,
	"paperwork" jsonb,
	"tuned" boolean,
	"buyer_id" text,
	"bumped_at" timestamp with time zone NOT NULL,
	"bump_count" integer DEFAULT 0 NOT NULL,
	"sold_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "market_listing_status_check" CHECK ("market_listing"."status" in ('selling', 'reserved', 'soldOut', 'buying', 'bought')),
	CONSTRAINT "market_listing_price_check" CHECK ("market_listing"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_offer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_offer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"price" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "market_offer_status_check" CHECK ("market_offer"."status" in ('open', 'accepted', 'declined', 'withdrawn', 'closed')),
	CONSTRAINT "market_offer_price_check" CHECK ("market_offer"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "market_review" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "market_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"author_role" text NOT NULL,
	"verdict" text NOT NULL,
	"points" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "market_review_role_check" CHECK ("market_review"."author_role" in ('seller', 'buyer')),
	CONSTRAINT "market_review_verdict_check" CHECK ("market_review"."verdict" in ('good', 'bad'))
);
--> statement-breakpoint
DROP INDEX "board_article_total_latest_idx";--> statement-breakpoint
DROP INDEX "board_article_total_popular_idx";--> statement-breakpoint
ALTER TABLE "board_article" ADD COLUMN "section" text DEFAULT 'board' NOT NULL;--> statement-breakpoint
UPDATE "board_article" SET "section" = 'guestbook' WHERE "kind" = 'guestbook';--> statement-breakpoint
ALTER TABLE "market_keyword" ADD CONSTRAINT "market_keyword_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing" ADD CONSTRAINT "market_listing_article_id_board_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."board_article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing" ADD CONSTRAINT "market_listing_seller_id_member_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing" ADD CONSTRAINT "market_listing_buyer_id_member_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offer" ADD CONSTRAINT "market_offer_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_offer" ADD CONSTRAINT "market_offer_buyer_id_member_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review" ADD CONSTRAINT "market_review_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review" ADD CONSTRAINT "market_review_author_id_member_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review" ADD CONSTRAINT "market_review_subject_id_member_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_keyword_once_key" ON "market_keyword" USING btree ("member_id",lower("keyword"),coalesce("kind", ''),coalesce("area_code", ''));--> statement-breakpoint
CREATE INDEX "market_listing_kind_latest_idx" ON "market_listing" USING btree ("kind","bumped_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "market_listing"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "market_listing_total_latest_idx" ON "market_listing" USING btree ("bumped_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "market_listing"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "market_listing_area_latest_idx" ON "market_listing" USING btree ("area_code","bumped_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "market_listing"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "market_listing_seller_idx" ON "market_listing" USING btree ("seller_id","status");--> statement-breakpoint
CREATE INDEX "market_listing_kind_area_latest_idx" ON "market_listing" USING btree ("kind","area_code","bumped_at" DESC NULLS FIRST,"article_id" DESC NULLS FIRST) WHERE "market_listing"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "market_offer_open_key" ON "market_offer" USING btree ("article_id","buyer_id") WHERE "market_offer"."status" = 'open';--> statement-breakpoint
CREATE INDEX "market_offer_article_idx" ON "market_offer" USING btree ("article_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "market_offer_buyer_idx" ON "market_offer" USING btree ("buyer_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "market_review_once_key" ON "market_review" USING btree ("article_id","author_id");--> statement-breakpoint
CREATE INDEX "market_review_subject_idx" ON "market_review" USING btree ("subject_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "board_article_market_popular_idx" ON "board_article" USING btree ("like_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "board_article"."deleted_at" is null and "board_article"."section" = 'market';--> statement-breakpoint
CREATE INDEX "board_article_total_latest_idx" ON "board_article" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "board_article"."deleted_at" is null and "board_article"."section" = 'board';--> statement-breakpoint
CREATE INDEX "board_article_total_popular_idx" ON "board_article" USING btree ("like_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "board_article"."deleted_at" is null and "board_article"."section" = 'board';--> statement-breakpoint
ALTER TABLE "board_article" ADD CONSTRAINT "board_article_section_check" CHECK ("board_article"."section" in ('board', 'guestbook', 'market'));