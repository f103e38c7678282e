CREATE TABLE "member_origin" (
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_origin_member_id_kind_hash_pk" PRIMARY KEY("member_id","kind","hash")
);
--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD COLUMN "reward_withheld" text;--> statement-breakpoint
ALTER TABLE "member_origin" ADD CONSTRAINT "member_origin_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_feedback_rewarded_idx" ON "meeting_feedback" USING btree ("author_id","created_at" DESC NULLS LAST) WHERE "meeting_feedback"."reward_points" > 0;--> statement-breakpoint
-- Sessions no longer keep the client address (ADR 048); the addresses kept so far go.
UPDATE "session" SET "ip_address" = NULL;
