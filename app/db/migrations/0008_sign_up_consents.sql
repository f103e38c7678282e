ALTER TABLE "member" ADD COLUMN "terms_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "privacy_agreed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "marketing_agreed_at" timestamp with time zone;