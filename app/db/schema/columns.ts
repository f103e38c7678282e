import { boolean, integer, timestamp } from "drizzle-orm/pg-core";

/** The generic columns every product table carries: id, soft delete, creation time and display order. */
export const genericColumns = () => ({
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  deleted: boolean("deleted").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  index: integer("index").notNull().default(0),
});
