CREATE TABLE "listing_service_log" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"garage_bike_id" integer NOT NULL,
	"attached_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_running_cost" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_log_entry" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_log_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"garage_bike_id" integer NOT NULL,
	"done_on" date NOT NULL,
	"mileage_km" integer,
	"work" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cost_won" integer,
	"shop" text DEFAULT '' NOT NULL,
	"meeting_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_log_entry_work_check" CHECK ("service_log_entry"."work" in ('oil', 'chain', 'tyres', 'brakes', 'coolant', 'battery', 'inspection', 'other')),
	CONSTRAINT "service_log_entry_mileage_check" CHECK ("service_log_entry"."mileage_km" between 0 and 999999),
	CONSTRAINT "service_log_entry_cost_check" CHECK ("service_log_entry"."cost_won" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "service_reminder" (
	"garage_bike_id" integer NOT NULL,
	"work" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"months" integer NOT NULL,
	"km" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_reminder_garage_bike_id_work_pk" PRIMARY KEY("garage_bike_id","work"),
	CONSTRAINT "service_reminder_work_check" CHECK ("service_reminder"."work" in ('oil', 'chain', 'tyres')),
	CONSTRAINT "service_reminder_months_check" CHECK ("service_reminder"."months" between 1 and 120),
	CONSTRAINT "service_reminder_km_check" CHECK ("service_reminder"."km" between 100 and 100000)
);
--> statement-breakpoint
ALTER TABLE "listing_service_log" ADD CONSTRAINT "listing_service_log_listing_id_market_listing_article_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listing"("article_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_service_log" ADD CONSTRAINT "listing_service_log_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_running_cost" ADD CONSTRAINT "review_running_cost_review_id_motorcycle_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."motorcycle_review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log_entry" ADD CONSTRAINT "service_log_entry_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_log_entry" ADD CONSTRAINT "service_log_entry_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_reminder" ADD CONSTRAINT "service_reminder_garage_bike_id_garage_bike_id_fk" FOREIGN KEY ("garage_bike_id") REFERENCES "public"."garage_bike"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_service_log_bike_idx" ON "listing_service_log" USING btree ("garage_bike_id");--> statement-breakpoint
CREATE INDEX "service_log_entry_bike_idx" ON "service_log_entry" USING btree ("garage_bike_id","done_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "service_log_entry_meeting_key" ON "service_log_entry" USING btree ("garage_bike_id","meeting_id") WHERE "service_log_entry"."meeting_id" is not null;