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
ALTER TABLE "market_listing_fit" ADD CONSTRAINT "market_listing_fit_article_id_market_listing_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listing_fit" ADD CONSTRAINT "market_listing_fit_model_id_motorcycle_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."motorcycle_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listing_fit_model_idx" ON "market_listing_fit" USING btree ("model_id","article_id");