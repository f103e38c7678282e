import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every transition a state machine applied, one row each, in the order they were applied: which machine and subject,
 * from and to which state, by which transition, who took it (the actor's role for the subject and, for a person,
 * the member id; none for `system`), when (the unit of work's time) and why, when a reason was given. Rows are only
 * ever added; the member id is kept as written, so the history outlives a withdrawn account.
 */
export const transitionLog = pgTable(
  "transition_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The machine's name: `content_report`, `onboarding` … */
    machine: text("machine").notNull(),
    /** The subject row's id, as text (member ids are text, others integers). */
    subjectId: text("subject_id").notNull(),
    fromState: text("from_state").notNull(),
    toState: text("to_state").notNull(),
    transition: text("transition").notNull(),
    /** The role the actor took the transition in: `admin`, `member`, `system`, `seller` … */
    actorKind: text("actor_kind").notNull(),
    /** The acting member; null for `system`. */
    actorId: text("actor_id"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("transition_log_subject_idx").on(t.machine, t.subjectId, t.id)],
);
