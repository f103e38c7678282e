CREATE TABLE "member_sanction" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_sanction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	"lift_reason" text,
	CONSTRAINT "member_sanction_kind_check" CHECK ("member_sanction"."kind" in ('suspension')),
	CONSTRAINT "member_sanction_period_check" CHECK ("member_sanction"."ends_at" is null or "member_sanction"."ends_at" > "member_sanction"."starts_at"),
	CONSTRAINT "member_sanction_lift_check" CHECK (("member_sanction"."lifted_at" is null) = ("member_sanction"."lift_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "suspended_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_sanction" ADD CONSTRAINT "member_sanction_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sanction" ADD CONSTRAINT "member_sanction_created_by_member_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sanction" ADD CONSTRAINT "member_sanction_lifted_by_member_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sanction_member_idx" ON "member_sanction" USING btree ("member_id","starts_at");