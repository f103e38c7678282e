ALTER TABLE "job" DROP CONSTRAINT "job_dedupe_key_unique";--> statement-breakpoint
ALTER TABLE "job" ALTER COLUMN "run_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "job" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "job_open_dedupe_key_idx" ON "job" USING btree ("dedupe_key") WHERE "job"."status" in ('pending', 'running');