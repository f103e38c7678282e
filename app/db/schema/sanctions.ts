import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { member } from "./auth";

/** What an administrator can hold against a member's account; a suspension is the only kind so far. */
export const sanctionKinds = ["suspension"] as const;
export type SanctionKind = (typeof sanctionKinds)[number];

/**
 * Sanctions of members (ADR 056): a suspension refuses the member every sign-in from `starts_at` until `ends_at`
 * (null: permanently), unless lifted (`lifted_at`, by whom and why). Rows are history: a lift fills in the lift
 * columns and nothing else; the member row keeps a copy of the suspension in force (`member.suspended_*`) so that
 * the session lookup reads it in its one statement.
 */
export const memberSanction = pgTable(
  "member_sanction",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    kind: text("kind").$type<SanctionKind>().notNull(),
    reason: text("reason").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => member.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by").references(() => member.id, { onDelete: "set null" }),
    liftReason: text("lift_reason"),
  },
  (t) => [
    index("member_sanction_member_idx").on(t.memberId, t.startsAt),
    check(
      "member_sanction_kind_check",
      sql`${t.kind} in (${sql.raw(sanctionKinds.map((kind) => `'${kind}'`).join(", "))})`,
    ),
    check("member_sanction_period_check", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("member_sanction_lift_check", sql`(${t.liftedAt} is null) = (${t.liftReason} is null)`),
  ],
);
