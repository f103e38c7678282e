CREATE TABLE "coupon" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"discount_kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"meeting_kinds" text[] NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"quantity" integer,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"code" text,
	"issuer_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_discount_kind_check" CHECK ("coupon"."discount_kind" in ('won', 'percent')),
	CONSTRAINT "coupon_value_check" CHECK ("coupon"."value" > 0 and ("coupon"."discount_kind" = 'won' or "coupon"."value" <= 100)),
	CONSTRAINT "coupon_max_discount_check" CHECK ("coupon"."max_discount" is null or ("coupon"."discount_kind" = 'percent' and "coupon"."max_discount" > 0)),
	CONSTRAINT "coupon_min_amount_check" CHECK ("coupon"."min_amount" >= 0),
	CONSTRAINT "coupon_meeting_kinds_check" CHECK (cardinality("coupon"."meeting_kinds") > 0 and "coupon"."meeting_kinds" <@ array['owner', 'repair', 'coaching', 'rescue', 'pickup']::text[]),
	CONSTRAINT "coupon_period_check" CHECK ("coupon"."ends_at" > "coupon"."starts_at"),
	CONSTRAINT "coupon_quantity_check" CHECK ("coupon"."issued_count" >= 0 and ("coupon"."quantity" is null or ("coupon"."quantity" > 0 and "coupon"."issued_count" <= "coupon"."quantity"))),
	CONSTRAINT "coupon_code_check" CHECK ("coupon"."code" is null or "coupon"."code" ~ '^[A-Z0-9]{4,20}$')
);
--> statement-breakpoint
CREATE TABLE "member_coupon" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_coupon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_for" text,
	"discount" integer,
	CONSTRAINT "member_coupon_use_check" CHECK (("member_coupon"."used_at" is null) = ("member_coupon"."used_for" is null) and ("member_coupon"."used_at" is null) = ("member_coupon"."discount" is null)),
	CONSTRAINT "member_coupon_discount_check" CHECK ("member_coupon"."discount" is null or "member_coupon"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_issuer_id_member_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupon" ADD CONSTRAINT "member_coupon_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_code_key" ON "coupon" USING btree ("code");--> statement-breakpoint
CREATE INDEX "coupon_created_idx" ON "coupon" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupon_coupon_member_key" ON "member_coupon" USING btree ("coupon_id","member_id");--> statement-breakpoint
CREATE INDEX "member_coupon_member_idx" ON "member_coupon" USING btree ("member_id","expires_at");