import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What administrators did: one row per act (a report decided, a ban set, a member suspended, a job retried …),
 * written in the act's own unit of work. Rows are never changed or deleted: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (migration 0025). The administrator is kept by id and by the name they had, without a foreign key, so
 * that a withdrawn account leaves its acts on record.
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    adminId: text("admin_id").notNull(),
    adminName: text("admin_name").notNull(),
    /** The administrator's role when they acted. */
    role: text("role").notNull(),
    /** What was done, as `<area>.<verb>`: `board.report.decide`, `member.suspend`, `jobs.retry` … */
    action: text("action").notNull(),
    /** What it was done to: `member`, `article`, `job` … and its id. */
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason"),
    /** A summary of the subject before and after the act (the fields the act changed), never personal numbers. */
    before: jsonb("before"),
    after: jsonb("after"),
    /** The address the administrator's request came from. */
    address: text("address"),
  },
  (t) => [
    index("admin_audit_at_idx").on(t.at),
    index("admin_audit_admin_idx").on(t.adminId, t.at),
    index("admin_audit_subject_idx").on(t.subjectKind, t.subjectId, t.at),
  ],
);
