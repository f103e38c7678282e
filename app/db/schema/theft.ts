import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";
import { boardArticle } from "./community";
import { marketListing } from "./market";

/**
 * The stolen-vehicle check (ADR 070). A vehicle listing and a theft report (`reportTheft` board) may carry a frame
 * number (차대번호); it is never stored in the clear, only as a keyed hash and its last four characters. A listing
 * whose number matches a report's is held for an administrator: one `theft_hold` row per (listing, report).
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** What carries the number: a market listing of a vehicle kind, or a theft report. */
export const frameNumberRoles = ["listing", "theftReport"] as const;
export type FrameNumberRole = (typeof frameNumberRoles)[number];

export const frameNumberFormats = ["vin", "legacy"] as const;

export const articleFrameNumber = pgTable(
  "article_frame_number",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    role: text("role").$type<FrameNumberRole>().notNull(),
    /** HMAC-SHA256 (base64url) of the normalised number under a key derived from personal-data key `key_id`. */
    digest: text("digest").notNull(),
    keyId: text("key_id").notNull(),
    format: text("format").notNull(),
    /** The last four characters: the only part ever shown again. */
    tail: text("tail").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("article_frame_number_digest_idx").on(t.digest, t.role),
    check("article_frame_number_role_check", sql`${t.role} in (${list(frameNumberRoles)})`),
    check("article_frame_number_format_check", sql`${t.format} in (${list(frameNumberFormats)})`),
    check("article_frame_number_tail_check", sql`char_length(${t.tail}) = 4`),
  ],
);

/** A hold waits for an administrator (`held`), who releases the listing or keeps it hidden (`kept`). */
export const theftHoldStates = ["held", "released", "kept"] as const;
export type TheftHoldState = (typeof theftHoldStates)[number];

export const theftHold = pgTable(
  "theft_hold",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    /** The theft report whose number the listing's matched. */
    reportId: integer("report_id")
      .notNull()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    state: text("state").$type<TheftHoldState>().notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => member.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("theft_hold_pair_key").on(t.listingId, t.reportId),
    index("theft_hold_state_idx").on(t.state, t.createdAt),
    check("theft_hold_state_check", sql`${t.state} in (${list(theftHoldStates)})`),
  ],
);
