CREATE TABLE "upload" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "upload_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" text NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"thumbnail_key" text,
	"bytes" integer NOT NULL,
	"attached_to" text,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload" ADD CONSTRAINT "upload_owner_id_member_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_url_idx" ON "upload" USING btree ("url");--> statement-breakpoint
CREATE INDEX "upload_unattached_idx" ON "upload" USING btree ("created_at") WHERE "upload"."attached_to" is null;