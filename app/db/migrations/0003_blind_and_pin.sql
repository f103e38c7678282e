CREATE TABLE "blind" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blind_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"blind_user_id" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pin_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"pin_user_id" text NOT NULL,
	"activated" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blind" ADD CONSTRAINT "blind_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blind" ADD CONSTRAINT "blind_blind_user_id_member_id_fk" FOREIGN KEY ("blind_user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin" ADD CONSTRAINT "pin_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin" ADD CONSTRAINT "pin_pin_user_id_member_id_fk" FOREIGN KEY ("pin_user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blind_user_target_key" ON "blind" USING btree ("user_id","blind_user_id");--> statement-breakpoint
CREATE INDEX "blind_target_idx" ON "blind" USING btree ("blind_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pin_user_target_key" ON "pin" USING btree ("user_id","pin_user_id");