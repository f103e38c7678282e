CREATE TABLE "earning_line" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "earning_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_id" text NOT NULL,
	"meeting_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_type" text NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"releasable_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"withdrawal_id" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earning_line_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "earning_line_status_check" CHECK ("earning_line"."status" in ('pending', 'withdrawable', 'withdrawing', 'paid', 'refunded')),
	CONSTRAINT "earning_line_amount_check" CHECK ("earning_line"."price" >= 0 and "earning_line"."fee" >= 0 and "earning_line"."amount" >= 0 and "earning_line"."amount" <= "earning_line"."price" - "earning_line"."fee"),
	CONSTRAINT "earning_line_withdrawal_check" CHECK (("earning_line"."status" in ('withdrawing', 'paid')) = ("earning_line"."withdrawal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "settlement_info" (
	"user_id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_sealed" text NOT NULL,
	"account_masked" text NOT NULL,
	"resident_sealed" text,
	"resident_masked" text,
	"owner_name" text,
	"tax_email" text,
	"tax_phone" text,
	"agreed_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_note" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settlement_info_category_check" CHECK ("settlement_info"."category" in ('individual', 'business')),
	CONSTRAINT "settlement_info_individual_check" CHECK ("settlement_info"."category" <> 'individual' or ("settlement_info"."resident_sealed" is not null and "settlement_info"."agreed_at" is not null)),
	CONSTRAINT "settlement_info_business_check" CHECK ("settlement_info"."category" <> 'business' or ("settlement_info"."owner_name" is not null and "settlement_info"."tax_email" is not null and "settlement_info"."tax_phone" is not null))
);
--> statement-breakpoint
CREATE TABLE "withdrawal" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"category" text NOT NULL,
	"gross" integer NOT NULL,
	"platform_fee" integer DEFAULT 0 NOT NULL,
	"bank_fee" integer NOT NULL,
	"income_tax" integer DEFAULT 0 NOT NULL,
	"local_tax" integer DEFAULT 0 NOT NULL,
	"deposit" integer NOT NULL,
	"bank_code" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_sealed" text NOT NULL,
	"account_masked" text NOT NULL,
	"payout_key" text NOT NULL,
	"payout_ref" text,
	"hold_reason" text,
	"fail_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"processing_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_payout_key_unique" UNIQUE("payout_key"),
	CONSTRAINT "withdrawal_status_check" CHECK ("withdrawal"."status" in ('requested', 'held', 'processing', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "withdrawal_amount_check" CHECK ("withdrawal"."gross" > 0 and "withdrawal"."bank_fee" >= 0 and "withdrawal"."income_tax" >= 0 and "withdrawal"."local_tax" >= 0 and "withdrawal"."deposit" > 0 and "withdrawal"."deposit" = "withdrawal"."gross" - "withdrawal"."bank_fee" - "withdrawal"."income_tax" - "withdrawal"."local_tax")
);
--> statement-breakpoint
CREATE TABLE "withdrawal_password" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hash" text,
	"failed_tries" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"set_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "earning_line" ADD CONSTRAINT "earning_line_provider_id_member_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_line" ADD CONSTRAINT "earning_line_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_line" ADD CONSTRAINT "earning_line_order_id_payment_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earning_line" ADD CONSTRAINT "earning_line_withdrawal_id_withdrawal_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_info" ADD CONSTRAINT "settlement_info_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal" ADD CONSTRAINT "withdrawal_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_password" ADD CONSTRAINT "withdrawal_password_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "earning_line_provider_idx" ON "earning_line" USING btree ("provider_id","status","id");--> statement-breakpoint
CREATE INDEX "earning_line_release_idx" ON "earning_line" USING btree ("status","releasable_at");--> statement-breakpoint
CREATE INDEX "earning_line_withdrawal_idx" ON "earning_line" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawal_user_idx" ON "withdrawal" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawal_status_idx" ON "withdrawal" USING btree ("status","id");