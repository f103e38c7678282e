CREATE TABLE "admin_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"admin_id" text NOT NULL,
	"admin_name" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE INDEX "admin_audit_at_idx" ON "admin_audit" USING btree ("at");--> statement-breakpoint
CREATE INDEX "admin_audit_admin_idx" ON "admin_audit" USING btree ("admin_id","at");--> statement-breakpoint
CREATE INDEX "admin_audit_subject_idx" ON "admin_audit" USING btree ("subject_kind","subject_id","at");--> statement-breakpoint
-- The audit log is append-only, whoever connects: a row is never changed or deleted, and the table never emptied.
CREATE FUNCTION admin_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON "admin_audit" FOR EACH ROW EXECUTE FUNCTION admin_audit_refuse_change();--> statement-breakpoint
CREATE TRIGGER admin_audit_never_emptied BEFORE TRUNCATE ON "admin_audit" FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_refuse_change();
