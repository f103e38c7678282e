import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { member } from "./auth";

/** 1:1 inquiries from members, answered by administrators. */
export const inquiry = pgTable(
  "inquiry",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    answer: text("answer"),
    answeredBy: text("answered_by").references(() => member.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("inquiry_user_idx").on(t.userId, t.id), index("inquiry_open_idx").on(t.answeredAt, t.id)],
);
