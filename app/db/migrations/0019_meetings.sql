CREATE TABLE "meeting" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"requester_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"skill_id" integer,
	"status" text DEFAULT 'chatting' NOT NULL,
	"payment_status" text DEFAULT 'none' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"request" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"wish_at" timestamp with time zone,
	"memo" text DEFAULT '' NOT NULL,
	"request_area_name" text,
	"request_latitude" double precision,
	"request_longitude" double precision,
	"appointment_at" timestamp with time zone,
	"place_name" text,
	"place_address" text,
	"place_latitude" double precision,
	"place_longitude" double precision,
	"cancel_reason" text,
	"provider_answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"last_message_at" timestamp with time zone NOT NULL,
	"rescue_call_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "meeting_ban" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_ban_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"step" integer NOT NULL,
	"reason" text NOT NULL,
	"no_show_report_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_feedback" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_feedback_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"author_id" text NOT NULL,
	"target_id" text NOT NULL,
	"kind" text NOT NULL,
	"verdict" text NOT NULL,
	"rating" integer,
	"content" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reward_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"sender_id" text,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_width" integer,
	"image_height" integer,
	"event" text,
	"event_values" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_message_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meeting_message_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"message_id" bigint NOT NULL,
	"meeting_id" integer NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_read" (
	"meeting_id" integer NOT NULL,
	"member_id" text NOT NULL,
	"last_read_message_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_read_meeting_id_member_id_pk" PRIMARY KEY("meeting_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_skill" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_skill_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"member_id" text NOT NULL,
	"kind" text NOT NULL,
	"model_id" integer,
	"repair_level" text,
	"outside_repair" boolean DEFAULT false NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"truck" boolean DEFAULT false NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_id" integer,
	"area_code" text,
	"area_name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" integer DEFAULT 10 NOT NULL,
	"price_guide" integer,
	"availability" jsonb DEFAULT '{"days":[],"from":null,"to":null,"onCall":false}'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "no_show_report" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "no_show_report_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"reporter_id" text NOT NULL,
	"absent_id" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_call" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rescue_call_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requester_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"situation" text NOT NULL,
	"area_name" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"radius_km" integer NOT NULL,
	"meeting_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rescue_call_target" (
	"call_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"skill_id" integer,
	"distance_m" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rescue_call_target_call_id_provider_id_pk" PRIMARY KEY("call_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_requester_id_member_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_provider_id_member_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting" ADD CONSTRAINT "meeting_skill_id_member_skill_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."member_skill"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_ban" ADD CONSTRAINT "meeting_ban_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_ban" ADD CONSTRAINT "meeting_ban_no_show_report_id_no_show_report_id_fk" FOREIGN KEY ("no_show_report_id") REFERENCES "public"."no_show_report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_ban" ADD CONSTRAINT "meeting_ban_created_by_member_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_author_id_member_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_feedback" ADD CONSTRAINT "meeting_feedback_target_id_member_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_message" ADD CONSTRAINT "meeting_message_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_message" ADD CONSTRAINT "meeting_message_sender_id_member_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_message_report" ADD CONSTRAINT "meeting_message_report_message_id_meeting_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."meeting_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_message_report" ADD CONSTRAINT "meeting_message_report_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_message_report" ADD CONSTRAINT "meeting_message_report_reporter_id_member_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_read" ADD CONSTRAINT "meeting_read_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_read" ADD CONSTRAINT "meeting_read_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_skill" ADD CONSTRAINT "member_skill_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_skill" ADD CONSTRAINT "member_skill_model_id_motorcycle_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."motorcycle_model"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_skill" ADD CONSTRAINT "member_skill_location_id_member_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."member_location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_report" ADD CONSTRAINT "no_show_report_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_report" ADD CONSTRAINT "no_show_report_reporter_id_member_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_report" ADD CONSTRAINT "no_show_report_absent_id_member_id_fk" FOREIGN KEY ("absent_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_report" ADD CONSTRAINT "no_show_report_reviewed_by_member_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."member"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_call" ADD CONSTRAINT "rescue_call_requester_id_member_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_call" ADD CONSTRAINT "rescue_call_meeting_id_meeting_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meeting"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_call_target" ADD CONSTRAINT "rescue_call_target_call_id_rescue_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."rescue_call"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_call_target" ADD CONSTRAINT "rescue_call_target_provider_id_member_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rescue_call_target" ADD CONSTRAINT "rescue_call_target_skill_id_member_skill_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."member_skill"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_requester_idx" ON "meeting" USING btree ("requester_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meeting_provider_idx" ON "meeting" USING btree ("provider_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meeting_status_idx" ON "meeting" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "meeting_ban_member_idx" ON "meeting_ban" USING btree ("member_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_feedback_once_key" ON "meeting_feedback" USING btree ("meeting_id","author_id");--> statement-breakpoint
CREATE INDEX "meeting_feedback_target_idx" ON "meeting_feedback" USING btree ("target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "meeting_message_meeting_idx" ON "meeting_message" USING btree ("meeting_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_message_client_key" ON "meeting_message" USING btree ("meeting_id","sender_id","client_id") WHERE "meeting_message"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_message_report_once_key" ON "meeting_message_report" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "meeting_message_report_status_idx" ON "meeting_message_report" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_skill_owner_model_key" ON "member_skill" USING btree ("member_id","model_id") WHERE "member_skill"."kind" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "member_skill_kind_key" ON "member_skill" USING btree ("member_id","kind") WHERE "member_skill"."kind" <> 'owner';--> statement-breakpoint
CREATE INDEX "member_skill_earth_idx" ON "member_skill" USING gist (ll_to_earth("latitude", "longitude")) WHERE "member_skill"."active";--> statement-breakpoint
CREATE INDEX "member_skill_kind_idx" ON "member_skill" USING btree ("kind","active");--> statement-breakpoint
CREATE UNIQUE INDEX "no_show_report_once_key" ON "no_show_report" USING btree ("meeting_id","reporter_id");--> statement-breakpoint
CREATE INDEX "no_show_report_status_idx" ON "no_show_report" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rescue_call_requester_idx" ON "rescue_call" USING btree ("requester_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rescue_call_target_provider_idx" ON "rescue_call_target" USING btree ("provider_id","status");