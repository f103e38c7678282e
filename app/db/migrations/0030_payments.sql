CREATE TABLE "payment_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" text NOT NULL,
	"meeting_id" integer NOT NULL,
	"requester_id" text NOT NULL,
	"price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"member_coupon_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_key" text,
	"confirm_key" text NOT NULL,
	"method" text,
	"receipt_url" text,
	"approved_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"fail_code" text,
	"fail_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_order_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "payment_order_status_check" CHECK ("payment_order"."status" in ('pending', 'confirming', 'paid', 'failed', 'expired')),
	CONSTRAINT "payment_order_amount_check" CHECK ("payment_order"."price" >= 0 and "payment_order"."discount" >= 0 and "payment_order"."amount" = "payment_order"."price" - "payment_order"."discount" and "payment_order"."amount" >= 0),
	CONSTRAINT "payment_order_refunded_check" CHECK ("payment_order"."refunded_amount" >= 0 and "payment_order"."refunded_amount" <= "payment_order"."amount")
);
--> statement-breakpoint
CREATE TABLE "payment_refund" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_refund_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"fail_code" text,
	"fail_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_refund_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_refund_status_check" CHECK ("payment_refund"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "payment_refund_amount_check" CHECK ("payment_refund"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refund_request" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refund_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"requester_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_amount" integer,
	"decided_by" text,
	"decision_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refund_request_meeting_id_unique" UNIQUE("meeting_id"),
	CONSTRAINT "refund_request_status_check" CHECK ("refund_request"."status" in ('open', 'granted', 'partial', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "meeting" ADD COLUMN "payment_memo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting" ADD COLUMN "free_inspection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_order" ADD CONSTRAINT "payment_order_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order" ADD CONSTRAINT "payment_order_requester_id_member_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order" ADD CONSTRAINT "payment_order_member_coupon_id_member_coupon_id_fk" FOREIGN KEY ("member_coupon_id") REFERENCES "public"."member_coupon"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refund" ADD CONSTRAINT "payment_refund_order_id_payment_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_order_id_payment_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_request" ADD CONSTRAINT "refund_request_requester_id_member_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_order_meeting_idx" ON "payment_order" USING btree ("meeting_id","id");--> statement-breakpoint
CREATE INDEX "payment_order_requester_idx" ON "payment_order" USING btree ("requester_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_order_status_idx" ON "payment_order" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_meeting_capture_key" ON "payment_order" USING btree ("meeting_id") WHERE "payment_order"."status" in ('confirming', 'paid');--> statement-breakpoint
CREATE INDEX "payment_refund_order_idx" ON "payment_refund" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_refund_status_idx" ON "payment_refund" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "refund_request_status_idx" ON "refund_request" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_payment_status_check" CHECK ("meeting"."payment_status" in ('none', 'requested', 'free', 'paid', 'refunded', 'partiallyRefunded'));--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_amount_check" CHECK ("meeting"."amount" >= 0);