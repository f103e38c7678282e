CREATE TABLE "seed_state" (
	"name" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "garage_bike" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "garage_bike_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"motorcycle_id" integer NOT NULL,
	"owned_since" date NOT NULL,
	"odometer_km" integer,
	"photo" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "garage_bike_odometer_check" CHECK ("garage_bike"."odometer_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "motorcycle" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motorcycle_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"model_id" integer NOT NULL,
	"model_year" integer NOT NULL,
	"displacement_cc" double precision,
	"peak_power_hp" double precision,
	"peak_power_ps" double precision,
	"max_torque_nm" double precision,
	"seat_height_mm" integer,
	"weight_kg" double precision,
	"weight_type" text,
	"tank_size_l" double precision,
	"wheel_base_mm" integer,
	"cylinder_count" integer,
	"cooling" text,
	"engine_type" text,
	"transmission" text,
	"gear_count" integer,
	"abs" boolean,
	"traction_control" boolean,
	"front_tyre" text,
	"rear_tyre" text,
	"front_suspension" text,
	"rear_suspension" text,
	"lighting" text,
	"spec_url" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "motorcycle_year_check" CHECK ("motorcycle"."model_year" between 1900 and 2100),
	CONSTRAINT "motorcycle_weight_type_check" CHECK ("motorcycle"."weight_type" in ('dry', 'wet')),
	CONSTRAINT "motorcycle_cooling_check" CHECK ("motorcycle"."cooling" in ('air', 'oil', 'airOil', 'liquid')),
	CONSTRAINT "motorcycle_transmission_check" CHECK ("motorcycle"."transmission" in ('manual', 'cvt', 'semiAuto', 'dct', 'direct')),
	CONSTRAINT "motorcycle_source_check" CHECK ("motorcycle"."source" in ('catalogue', 'import', 'report'))
);
--> statement-breakpoint
CREATE TABLE "motorcycle_manufacturer" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motorcycle_manufacturer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ko" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "motorcycle_manufacturer_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "motorcycle_model" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motorcycle_model_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"manufacturer_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ko" text NOT NULL,
	"category" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "motorcycle_model_category_check" CHECK ("motorcycle_model"."category" in ('scooter', 'cub', 'naked', 'sport', 'sportTouring', 'touring', 'adventure', 'cruiser', 'classic', 'offroad', 'supermoto', 'electric'))
);
--> statement-breakpoint
CREATE TABLE "motorcycle_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motorcycle_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reporter_id" text NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"release_year" integer NOT NULL,
	"spec_url" text NOT NULL,
	"normalized_key" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decision_reason" text,
	"motorcycle_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "motorcycle_report_status_check" CHECK ("motorcycle_report"."status" in ('submitted', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "motorcycle_review" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "motorcycle_review_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" text NOT NULL,
	"motorcycle_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"rating_performance" smallint NOT NULL,
	"rating_braking" smallint NOT NULL,
	"rating_engine" smallint NOT NULL,
	"rating_durability" smallint NOT NULL,
	"rating_design" smallint NOT NULL,
	"rating_finish" smallint NOT NULL,
	"rating_convenience" smallint NOT NULL,
	"rating_maintenance" smallint NOT NULL,
	"rating_value" smallint NOT NULL,
	"rating_average" double precision NOT NULL,
	"item_texts" jsonb NOT NULL,
	"disadvantage" text NOT NULL,
	"images" jsonb NOT NULL,
	"tags" text[] NOT NULL,
	"owner_meeting" boolean DEFAULT false NOT NULL,
	"spark_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "motorcycle_review_rating_performance_check" CHECK ("rating_performance" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_braking_check" CHECK ("rating_braking" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_engine_check" CHECK ("rating_engine" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_durability_check" CHECK ("rating_durability" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_design_check" CHECK ("rating_design" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_finish_check" CHECK ("rating_finish" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_convenience_check" CHECK ("rating_convenience" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_maintenance_check" CHECK ("rating_maintenance" between 1 and 10),
	CONSTRAINT "motorcycle_review_rating_value_check" CHECK ("rating_value" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "review_podium" (
	"rank" integer PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"sparks" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_spark" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_spark_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"giver_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"amount" smallint NOT NULL,
	"seoul_day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_spark_amount_check" CHECK ("review_spark"."amount" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "review_spark_total" (
	"review_id" integer NOT NULL,
	"giver_id" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_spark_total_review_id_giver_id_pk" PRIMARY KEY("review_id","giver_id"),
	CONSTRAINT "review_spark_total_check" CHECK ("review_spark_total"."total" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "spark_allowance" (
	"member_id" text NOT NULL,
	"seoul_day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spark_allowance_member_id_seoul_day_pk" PRIMARY KEY("member_id","seoul_day"),
	CONSTRAINT "spark_allowance_used_check" CHECK ("spark_allowance"."used" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "market_listing" ADD COLUMN "motorcycle_id" integer;--> statement-breakpoint
ALTER TABLE "garage_bike" ADD CONSTRAINT "garage_bike_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "garage_bike" ADD CONSTRAINT "garage_bike_motorcycle_id_motorcycle_id_fk" FOREIGN KEY ("motorcycle_id") REFERENCES "public"."motorcycle"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle" ADD CONSTRAINT "motorcycle_model_id_motorcycle_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."motorcycle_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_model" ADD CONSTRAINT "motorcycle_model_manufacturer_id_motorcycle_manufacturer_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."motorcycle_manufacturer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_report" ADD CONSTRAINT "motorcycle_report_reporter_id_member_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_report" ADD CONSTRAINT "motorcycle_report_motorcycle_id_motorcycle_id_fk" FOREIGN KEY ("motorcycle_id") REFERENCES "public"."motorcycle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_review" ADD CONSTRAINT "motorcycle_review_author_id_member_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_review" ADD CONSTRAINT "motorcycle_review_motorcycle_id_motorcycle_id_fk" FOREIGN KEY ("motorcycle_id") REFERENCES "public"."motorcycle"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motorcycle_review" ADD CONSTRAINT "motorcycle_review_model_id_motorcycle_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."motorcycle_model"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_podium" ADD CONSTRAINT "review_podium_review_id_motorcycle_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."motorcycle_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_spark" ADD CONSTRAINT "review_spark_review_id_motorcycle_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."motorcycle_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_spark" ADD CONSTRAINT "review_spark_giver_id_member_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_spark" ADD CONSTRAINT "review_spark_receiver_id_member_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_spark_total" ADD CONSTRAINT "review_spark_total_review_id_motorcycle_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."motorcycle_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_spark_total" ADD CONSTRAINT "review_spark_total_giver_id_member_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spark_allowance" ADD CONSTRAINT "spark_allowance_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "garage_bike_once_key" ON "garage_bike" USING btree ("member_id","motorcycle_id") WHERE "garage_bike"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "garage_bike_member_idx" ON "garage_bike" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "motorcycle_model_year_key" ON "motorcycle" USING btree ("model_id","model_year");--> statement-breakpoint
CREATE UNIQUE INDEX "motorcycle_model_slug_key" ON "motorcycle_model" USING btree ("manufacturer_id","slug");--> statement-breakpoint
CREATE INDEX "motorcycle_model_search_idx" ON "motorcycle_model" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "motorcycle_report_open_key" ON "motorcycle_report" USING btree ("normalized_key") WHERE "motorcycle_report"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "motorcycle_report_status_idx" ON "motorcycle_report" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "motorcycle_report_reporter_idx" ON "motorcycle_report" USING btree ("reporter_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "motorcycle_review_once_key" ON "motorcycle_review" USING btree ("author_id","motorcycle_id") WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "motorcycle_review_latest_idx" ON "motorcycle_review" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "motorcycle_review_sparked_idx" ON "motorcycle_review" USING btree ("spark_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "motorcycle_review_model_latest_idx" ON "motorcycle_review" USING btree ("model_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "motorcycle_review_model_sparked_idx" ON "motorcycle_review" USING btree ("model_id","spark_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "motorcycle_review_author_idx" ON "motorcycle_review" USING btree ("author_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "motorcycle_review_tags_idx" ON "motorcycle_review" USING gin ("tags") WHERE "motorcycle_review"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "review_spark_receiver_idx" ON "review_spark" USING btree ("receiver_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_spark_giver_idx" ON "review_spark" USING btree ("giver_id","seoul_day");--> statement-breakpoint
CREATE INDEX "review_spark_recent_idx" ON "review_spark" USING btree ("created_at","review_id");--> statement-breakpoint
ALTER TABLE "market_listing" ADD CONSTRAINT "market_listing_motorcycle_id_motorcycle_id_fk" FOREIGN KEY ("motorcycle_id") REFERENCES "public"."motorcycle"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listing_motorcycle_idx" ON "market_listing" USING btree ("motorcycle_id","status") WHERE "market_listing"."deleted_at" is null and "market_listing"."motorcycle_id" is not null;