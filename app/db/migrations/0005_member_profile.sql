CREATE TABLE "business_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"tel" text NOT NULL,
	"type_code" text NOT NULL,
	"years" integer NOT NULL,
	"days" jsonb NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"owner_name" text NOT NULL,
	"email" text NOT NULL,
	"settlement_phone" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_profile_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "member_avatar" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_avatar_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_representative" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_genre" (
	"user_id" text NOT NULL,
	"genre_code" text NOT NULL,
	CONSTRAINT "member_genre_user_id_genre_code_pk" PRIMARY KEY("user_id","genre_code")
);
--> statement-breakpoint
CREATE TABLE "member_location" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_location_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"simple_address" text NOT NULL,
	"area_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_profile" (
	"user_id" text PRIMARY KEY NOT NULL,
	"introduction" text NOT NULL,
	"riding_years" integer NOT NULL,
	"birth_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_sns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_sns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_profile" ADD CONSTRAINT "business_profile_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_avatar" ADD CONSTRAINT "member_avatar_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_genre" ADD CONSTRAINT "member_genre_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_location" ADD CONSTRAINT "member_location_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profile" ADD CONSTRAINT "member_profile_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sns" ADD CONSTRAINT "member_sns_user_id_member_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profile_name_lower_key" ON "business_profile" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "member_avatar_user_idx" ON "member_avatar" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_location_user_position_key" ON "member_location" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "member_location_earth_idx" ON "member_location" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "member_sns_user_idx" ON "member_sns" USING btree ("user_id");