import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { member } from "./auth";
import { marketListing } from "./market";
import { meeting } from "./meeting";

/**
 * Inspection before buying (ADR 069): a buyer asks a repair expert, through a meeting of the exchange, to inspect a
 * vehicle listing. One row per such meeting links the meeting, the listing and its three members, carries the time
 * proposed to the seller, and holds the expert's report; the seller decides whether it shows on the listing.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The seller is asked to agree to the proposed time (proposed → agreed or declined; a declined time may be proposed
 * again), the expert submits the report (submitted), the seller publishes it on the listing (published), and an
 * edit of the listing's vehicle information makes a published report outdated. One whose meeting was cancelled or
 * expired before the report was submitted is closed.
 */
export const inspectionStatuses = [
  "proposed",
  "agreed",
  "declined",
  "submitted",
  "published",
  "outdated",
  "closed",
] as const;
export type InspectionStatus = (typeof inspectionStatuses)[number];

/** The systems every report goes through, in the order it lists them. */
export const inspectionSystems = [
  "engine",
  "brakes",
  "chain",
  "tyres",
  "electrics",
  "frame",
  "papers",
] as const;
export type InspectionSystem = (typeof inspectionSystems)[number];

/** What the expert found of one system. */
export const inspectionConditions = ["good", "attention", "fault", "unchecked"] as const;
export type InspectionCondition = (typeof inspectionConditions)[number];

/** The report's overall verdict. */
export const inspectionVerdicts = ["recommended", "withCare", "notRecommended"] as const;
export type InspectionVerdict = (typeof inspectionVerdicts)[number];

export interface InspectionItem {
  system: InspectionSystem;
  condition: InspectionCondition;
  note: string;
}

export interface InspectionPhoto {
  /** The storage key, to remove the file when the expert drops the photo. */
  key: string;
  url: string;
  width: number;
  height: number;
}

export const listingInspection = pgTable(
  "listing_inspection",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The meeting the inspection is held in (kind repair); one inspection per meeting. */
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** The listing's seller when it was asked for; only they answer and publish. */
    sellerId: text("seller_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** The meeting's provider; only they write the report. */
    expertId: text("expert_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    status: text("status").$type<InspectionStatus>().notNull().default("proposed"),
    /** The time proposed to the seller for the inspection. */
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    checklist: jsonb("checklist").$type<InspectionItem[]>().notNull().default([]),
    verdict: text("verdict").$type<InspectionVerdict>(),
    summary: text("summary").notNull().default(""),
    photos: jsonb("photos").$type<InspectionPhoto[]>().notNull().default([]),
    /** The last time the expert saved the report, as a draft or on submitting it. */
    savedAt: timestamp("saved_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When an edit of the listing's vehicle information made the published report outdated. */
    outdatedAt: timestamp("outdated_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("listing_inspection_meeting_key").on(t.meetingId),
    // One inspection being arranged per buyer and listing at a time.
    uniqueIndex("listing_inspection_open_key")
      .on(t.articleId, t.buyerId)
      .where(sql`${t.status} in ('proposed', 'agreed', 'declined')`),
    index("listing_inspection_article_idx").on(t.articleId, t.status),
    check("listing_inspection_status_check", sql`${t.status} in (${list(inspectionStatuses)})`),
    check(
      "listing_inspection_verdict_check",
      sql`${t.verdict} is null or ${t.verdict} in (${list(inspectionVerdicts)})`,
    ),
    // A submitted report has a verdict (its state's own CHECK is the status list, as every machine's column).
    check("listing_inspection_submitted_check", sql`${t.submittedAt} is null or ${t.verdict} is not null`),
  ],
);
