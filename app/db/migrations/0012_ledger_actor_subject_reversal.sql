ALTER TABLE "ledger_transaction" ALTER COLUMN "created_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "subject_id" text;--> statement-breakpoint
-- The free-text created_by becomes an actor: a member's id is that member (an administrator's, the administrator),
-- anything else the system, its text kept in the memo. Welcome grants are about their member.
UPDATE "ledger_transaction" t SET
  "actor_kind" = CASE WHEN m."role" = 'admin' THEN 'admin' WHEN m."id" IS NOT NULL THEN 'member' ELSE 'system' END,
  "actor_id" = m."id",
  "memo" = CASE WHEN m."id" IS NULL AND t."created_by" IS NOT NULL
    THEN concat_ws(' · ', t."memo", 'created by ' || t."created_by") ELSE t."memo" END
FROM "ledger_transaction" s LEFT JOIN "member" m ON m."id" = s."created_by"
WHERE s."id" = t."id";--> statement-breakpoint
UPDATE "ledger_transaction" SET "subject_type" = 'member', "subject_id" = substr("idempotency_key", 9)
WHERE "kind" = 'welcome_grant' AND "idempotency_key" LIKE 'welcome:%';--> statement-breakpoint
ALTER TABLE "ledger_transaction" ALTER COLUMN "actor_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "reverses_transaction_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_reverses_fk" FOREIGN KEY ("reverses_transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transaction_subject_idx" ON "ledger_transaction" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transaction_reverses_idx" ON "ledger_transaction" USING btree ("reverses_transaction_id");--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_actor_kind_check" CHECK ("ledger_transaction"."actor_kind" in ('member', 'admin', 'system'));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_actor_check" CHECK (("ledger_transaction"."actor_kind" = 'system') = ("ledger_transaction"."actor_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_subject_check" CHECK (("ledger_transaction"."subject_type" is null) = ("ledger_transaction"."subject_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_transaction" DROP COLUMN "created_by";