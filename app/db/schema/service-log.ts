import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { marketListing } from "./market";
import { meeting } from "./meeting";
import { garageBike, motorcycleReview } from "./motorcycle";

/**
 * A garage bike's service log (ADR 071): what was done to it, when, at what mileage, by whom and for how much; the
 * owner's reminder intervals for periodic work; the vehicle listing a log is shown on; and the owner reviews that show
 * the running costs from it.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** The kinds of work a log entry records (the `serviceWork` codes of the catalogue). */
export const serviceWorks = [
  "oil",
  "chain",
  "tyres",
  "brakes",
  "coolant",
  "battery",
  "inspection",
  "other",
] as const;
export type ServiceWork = (typeof serviceWorks)[number];

/** The periodic kinds of work that have reminders. */
export const periodicWorks = ["oil", "chain", "tyres"] as const satisfies readonly ServiceWork[];
export type PeriodicWork = (typeof periodicWorks)[number];

/**
 * One entry of a bike's log. `meeting_id` names the repair meeting it came from (its client's own, ended), which
 * filled in the day, the shop and the cost; a meeting is in one entry of a bike at most.
 */
export const serviceLogEntry = pgTable(
  "service_log_entry",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    garageBikeId: integer("garage_bike_id")
      .notNull()
      .references(() => garageBike.id, { onDelete: "cascade" }),
    /** The Seoul day the work was done: "2026-03-14". */
    doneOn: date("done_on", { mode: "string" }).notNull(),
    mileageKm: integer("mileage_km"),
    work: text("work").$type<ServiceWork>().notNull(),
    /** What was done, in the owner's words (may be empty). */
    note: text("note").notNull().default(""),
    /** Won; null when not known. */
    costWon: integer("cost_won"),
    shop: text("shop").notNull().default(""),
    meetingId: integer("meeting_id").references(() => meeting.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    index("service_log_entry_bike_idx").on(t.garageBikeId, t.doneOn.desc(), t.id.desc()),
    uniqueIndex("service_log_entry_meeting_key")
      .on(t.garageBikeId, t.meetingId)
      .where(sql`${t.meetingId} is not null`),
    check("service_log_entry_work_check", sql`${t.work} in (${list(serviceWorks)})`),
    check("service_log_entry_mileage_check", sql`${t.mileageKm} between 0 and 999999`),
    check("service_log_entry_cost_check", sql`${t.costWon} between 0 and 100000000`),
  ],
);

/** The owner's own interval for one periodic kind of work on one bike; without a row the defaults apply. */
export const serviceReminder = pgTable(
  "service_reminder",
  {
    garageBikeId: integer("garage_bike_id")
      .notNull()
      .references(() => garageBike.id, { onDelete: "cascade" }),
    work: text("work").$type<PeriodicWork>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    months: integer("months").notNull(),
    km: integer("km").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.garageBikeId, t.work] }),
    check("service_reminder_work_check", sql`${t.work} in (${list(periodicWorks)})`),
    check("service_reminder_months_check", sql`${t.months} between 1 and 120`),
    check("service_reminder_km_check", sql`${t.km} between 100 and 100000`),
  ],
);

/** The garage bike whose live log a vehicle listing shows (its seller's, when attached). */
export const listingServiceLog = pgTable(
  "listing_service_log",
  {
    listingId: integer("listing_id")
      .primaryKey()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    garageBikeId: integer("garage_bike_id")
      .notNull()
      .references(() => garageBike.id, { onDelete: "cascade" }),
    attachedAt: timestamp("attached_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("listing_service_log_bike_idx").on(t.garageBikeId)],
);

/** An owner review whose author chose to show the running costs from their log of the reviewed model. */
export const reviewRunningCost = pgTable("review_running_cost", {
  reviewId: integer("review_id")
    .primaryKey()
    .references(() => motorcycleReview.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
