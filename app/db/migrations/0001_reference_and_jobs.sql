CREATE TABLE "job" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "filter_option" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filter_option_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"table_name" text NOT NULL,
	"code" text NOT NULL,
	"label_ko" text NOT NULL,
	"label_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"menu_group" text NOT NULL,
	"label_ko" text NOT NULL,
	"label_en" text NOT NULL,
	CONSTRAINT "menu_category_menu_group_unique" UNIQUE("menu_group")
);
--> statement-breakpoint
CREATE TABLE "menu_list" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "menu_list_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"menu_group" text NOT NULL,
	"code" text NOT NULL,
	"label_ko" text NOT NULL,
	"label_en" text NOT NULL,
	"path" text NOT NULL,
	"area" text NOT NULL,
	CONSTRAINT "menu_list_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "menu_list" ADD CONSTRAINT "menu_list_menu_group_menu_category_menu_group_fk" FOREIGN KEY ("menu_group") REFERENCES "public"."menu_category"("menu_group") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "job_pending_run_at_idx" ON "job" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "filter_option_table_code_key" ON "filter_option" USING btree ("table_name","code");--> statement-breakpoint
CREATE INDEX "menu_list_group_index_idx" ON "menu_list" USING btree ("menu_group","index");