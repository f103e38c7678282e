ALTER TABLE "market_listing" ADD COLUMN "buyer_confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "market_listing" SET "buyer_confirmed_at" = coalesce("sold_at", "bumped_at")
WHERE "buyer_id" IS NOT NULL AND (
  EXISTS (
    SELECT 1 FROM "market_offer" WHERE "market_offer"."article_id" = "market_listing"."article_id"
      AND "market_offer"."buyer_id" = "market_listing"."buyer_id" AND "market_offer"."status" = 'accepted'
  )
  OR EXISTS (
    SELECT 1 FROM "market_review" WHERE "market_review"."article_id" = "market_listing"."article_id"
      AND "market_review"."author_id" = "market_listing"."buyer_id"
  )
);
