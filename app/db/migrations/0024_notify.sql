ALTER TABLE "notification" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "repeat_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "folded_at" timestamp with time zone;