import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";

/**
 * A file a member uploaded, with its owner and what it belongs to (`review:12`, `article:7` …). A file that nothing
 * published took within a day is deleted, row and file, by the uploads' collection job (ADR 051).
 */
export const upload = pgTable(
  "upload",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** The storage key, and the address pages show it under. */
    key: text("key").notNull(),
    url: text("url").notNull(),
    /** The square stored beside a post image, deleted with it. */
    thumbnailKey: text("thumbnail_key"),
    bytes: integer("bytes").notNull(),
    attachedTo: text("attached_to"),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("upload_url_idx").on(t.url),
    index("upload_unattached_idx")
      .on(t.createdAt)
      .where(sql`${t.attachedTo} is null`),
  ],
);
