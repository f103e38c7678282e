import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";

/**
 * Hidden (blinded) members: their posts and comments appear blinded to the owner of the row. Unhiding keeps the row
 * with activated = false, which the client list turns into an empty string (spec section 7).
 */
export const blind = pgTable(
  "blind",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    blindUserId: text("blind_user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    activated: boolean("activated").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("blind_user_target_key").on(t.userId, t.blindUserId),
    index("blind_target_idx").on(t.blindUserId),
  ],
);

/** Pinned members, listed on /my/pin. */
export const pin = pgTable(
  "pin",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    pinUserId: text("pin_user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    activated: boolean("activated").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("pin_user_target_key").on(t.userId, t.pinUserId)],
);
