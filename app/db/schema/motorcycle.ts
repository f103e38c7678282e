import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { member } from "./auth";

/**
 * The motorcycle catalogue (manufacturers → models → model years), the members' owner reviews of model years with
 * their sparks, missing-model reports and the riders' garages. A "motorcycle" in the product's words is one model
 * year: the row the reviews, comparisons, garages and (vehicle) market listings point at.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const motorcycleManufacturer = pgTable("motorcycle_manufacturer", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Stable key of the data file and of imports: `honda`, `harley-davidson`. */
  slug: text("slug").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameKo: text("name_ko").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** The body styles a model is filed under; labelled in both languages (`motorcycle.category.<code>`). */
export const motorcycleCategories = [
  "scooter",
  "cub",
  "naked",
  "sport",
  "sportTouring",
  "touring",
  "adventure",
  "cruiser",
  "classic",
  "offroad",
  "supermoto",
  "electric",
] as const;
export type MotorcycleCategory = (typeof motorcycleCategories)[number];

export const motorcycleModel = pgTable(
  "motorcycle_model",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    manufacturerId: integer("manufacturer_id")
      .notNull()
      .references(() => motorcycleManufacturer.id, { onDelete: "cascade" }),
    /** Stable key within the manufacturer: `pcx-125`, `forza-350`. */
    slug: text("slug").notNull(),
    nameEn: text("name_en").notNull(),
    nameKo: text("name_ko").notNull(),
    category: text("category").$type<MotorcycleCategory>().notNull(),
    /**
     * Lower-case Korean and English names of manufacturer and model, with and without spaces ("혼다 honda 포르자 350
     * 포르자350 forza 350 forza350"), written by the service: partial-word search matches it through a trigram index.
     */
    searchText: text("search_text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("motorcycle_model_slug_key").on(t.manufacturerId, t.slug),
    index("motorcycle_model_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("motorcycle_model_category_check", sql`${t.category} in (${list(motorcycleCategories)})`),
  ],
);

export const motorcycleCoolings = ["air", "oil", "airOil", "liquid"] as const;
export type MotorcycleCooling = (typeof motorcycleCoolings)[number];
export const motorcycleTransmissions = ["manual", "cvt", "semiAuto", "dct", "direct"] as const;
export type MotorcycleTransmission = (typeof motorcycleTransmissions)[number];
export const motorcycleWeightTypes = ["dry", "wet"] as const;
export type MotorcycleWeightType = (typeof motorcycleWeightTypes)[number];
/** Where a model year came from: the shipped data file, an administrator's CSV import, an accepted report. */
export const motorcycleSources = ["catalogue", "import", "report"] as const;
export type MotorcycleSource = (typeof motorcycleSources)[number];

/**
 * One model year with the manufacturer's published figures (null where not published) and the URL of the page they
 * came from. Electric models have no displacement and no cylinders.
 */
export const motorcycle = pgTable(
  "motorcycle",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    modelId: integer("model_id")
      .notNull()
      .references(() => motorcycleModel.id, { onDelete: "cascade" }),
    modelYear: integer("model_year").notNull(),
    /** As published, to a tenth (373.2 cc). */
    displacementCc: doublePrecision("displacement_cc"),
    peakPowerHp: doublePrecision("peak_power_hp"),
    peakPowerPs: doublePrecision("peak_power_ps"),
    maxTorqueNm: doublePrecision("max_torque_nm"),
    seatHeightMm: integer("seat_height_mm"),
    weightKg: doublePrecision("weight_kg"),
    weightType: text("weight_type").$type<MotorcycleWeightType>(),
    tankSizeL: doublePrecision("tank_size_l"),
    wheelBaseMm: integer("wheel_base_mm"),
    cylinderCount: integer("cylinder_count"),
    cooling: text("cooling").$type<MotorcycleCooling>(),
    /** As published: "4-stroke SOHC single", "parallel twin" … */
    engineType: text("engine_type"),
    transmission: text("transmission").$type<MotorcycleTransmission>(),
    gearCount: integer("gear_count"),
    abs: boolean("abs"),
    tractionControl: boolean("traction_control"),
    frontTyre: text("front_tyre"),
    rearTyre: text("rear_tyre"),
    frontSuspension: text("front_suspension"),
    rearSuspension: text("rear_suspension"),
    /** Headlight type as published: "LED", "halogen". */
    lighting: text("lighting"),
    specUrl: text("spec_url").notNull(),
    source: text("source").$type<MotorcycleSource>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("motorcycle_model_year_key").on(t.modelId, t.modelYear),
    check("motorcycle_year_check", sql`${t.modelYear} between 1900 and 2100`),
    check("motorcycle_weight_type_check", sql`${t.weightType} in (${list(motorcycleWeightTypes)})`),
    check("motorcycle_cooling_check", sql`${t.cooling} in (${list(motorcycleCoolings)})`),
    check("motorcycle_transmission_check", sql`${t.transmission} in (${list(motorcycleTransmissions)})`),
    check("motorcycle_source_check", sql`${t.source} in (${list(motorcycleSources)})`),
  ],
);

/** A member's report of a model year missing from the catalogue: submitted, then accepted or rejected. */
export const motorcycleReportStatuses = ["submitted", "accepted", "rejected"] as const;
export type MotorcycleReportStatus = (typeof motorcycleReportStatuses)[number];

export const motorcycleReport = pgTable(
  "motorcycle_report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    manufacturer: text("manufacturer").notNull(),
    model: text("model").notNull(),
    releaseYear: integer("release_year").notNull(),
    specUrl: text("spec_url").notNull(),
    /** Manufacturer, model and year lower-cased without spaces or punctuation: one open report per key. */
    normalizedKey: text("normalized_key").notNull(),
    status: text("status").$type<MotorcycleReportStatus>().notNull().default("submitted"),
    /** Why it was rejected, shown to the reporter. */
    decisionReason: text("decision_reason"),
    /** The model year that accepting it added (or found). */
    motorcycleId: integer("motorcycle_id").references(() => motorcycle.id, { onDelete: "set null" }),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("motorcycle_report_open_key")
      .on(t.normalizedKey)
      .where(sql`${t.status} = 'submitted'`),
    index("motorcycle_report_status_idx").on(t.status, t.id.desc().nullsFirst()),
    index("motorcycle_report_reporter_idx").on(t.reporterId, t.id.desc().nullsFirst()),
    check("motorcycle_report_status_check", sql`${t.status} in (${list(motorcycleReportStatuses)})`),
  ],
);

/** The nine rated items of an owner review, in the order the form and the pages show them. */
export const reviewRatingItems = [
  "performance",
  "braking",
  "engine",
  "durability",
  "design",
  "finish",
  "convenience",
  "maintenance",
  "value",
] as const;
export type ReviewRatingItem = (typeof reviewRatingItems)[number];

/** The fixed characteristics a review can carry (search by characteristics needs at least 3). */
export const reviewTags = [
  "beginnerFriendly",
  "commuting",
  "delivery",
  "touring",
  "twoUp",
  "cityRiding",
  "highway",
  "track",
  "offroad",
  "fuelEfficient",
  "lowSeat",
  "lightweight",
  "comfortable",
  "powerful",
  "agile",
  "stable",
  "reliable",
  "cheapToRun",
  "storage",
  "goodLooking",
  "quiet",
  "soundsGreat",
  "windProtection",
  "customisable",
] as const;
export type ReviewTag = (typeof reviewTags)[number];

export interface ReviewImage {
  /** Public URL of the stored image. */
  url: string;
  /** Its 240 px square thumbnail. */
  thumbnailUrl: string;
}

/**
 * An owner review of a model year: nine ratings 1–10 with a text each, the one biggest disadvantage, 1–4 images,
 * characteristics from `reviewTags`, and whether the author accepts owner-meeting requests. Editable for 24 hours
 * after `created_at`; deleted (irreversibly) by setting `deleted_at`. `spark_count` caches the sparks it received.
 */
export const motorcycleReview = pgTable(
  "motorcycle_review",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    authorId: text("author_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    motorcycleId: integer("motorcycle_id")
      .notNull()
      .references(() => motorcycle.id, { onDelete: "restrict" }),
    /** Mirrors the model year's model, for lists by model. */
    modelId: integer("model_id")
      .notNull()
      .references(() => motorcycleModel.id, { onDelete: "restrict" }),
    ratingPerformance: smallint("rating_performance").notNull(),
    ratingBraking: smallint("rating_braking").notNull(),
    ratingEngine: smallint("rating_engine").notNull(),
    ratingDurability: smallint("rating_durability").notNull(),
    ratingDesign: smallint("rating_design").notNull(),
    ratingFinish: smallint("rating_finish").notNull(),
    ratingConvenience: smallint("rating_convenience").notNull(),
    ratingMaintenance: smallint("rating_maintenance").notNull(),
    ratingValue: smallint("rating_value").notNull(),
    /** The mean of the nine ratings, for ordering and summaries. */
    ratingAverage: doublePrecision("rating_average").notNull(),
    /** A text per rated item (may be empty). */
    itemTexts: jsonb("item_texts").$type<Record<ReviewRatingItem, string>>().notNull(),
    disadvantage: text("disadvantage").notNull(),
    images: jsonb("images").$type<ReviewImage[]>().notNull(),
    tags: text("tags").array().$type<ReviewTag[]>().notNull(),
    ownerMeeting: boolean("owner_meeting").notNull().default(false),
    sparkCount: integer("spark_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("motorcycle_review_once_key")
      .on(t.authorId, t.motorcycleId)
      .where(sql`${t.deletedAt} is null`),
    index("motorcycle_review_latest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("motorcycle_review_sparked_idx")
      .on(t.sparkCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("motorcycle_review_model_latest_idx")
      .on(t.modelId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("motorcycle_review_model_sparked_idx")
      .on(t.modelId, t.sparkCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("motorcycle_review_author_idx").on(t.authorId, t.id.desc().nullsFirst()),
    index("motorcycle_review_tags_idx")
      .using("gin", t.tags)
      .where(sql`${t.deletedAt} is null`),
    ...reviewRatingItems.map((item) => {
      const column = `rating_${item}`;
      return check(`motorcycle_review_${column}_check`, sql.raw(`"${column}" between 1 and 10`));
    }),
  ],
);

/**
 * Sparks one member gave one review at one time: 1–10, never taken back. The Seoul day they count against (the
 * giver's daily allowance of 10) is stored with them.
 */
export const reviewSpark = pgTable(
  "review_spark",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => motorcycleReview.id, { onDelete: "cascade" }),
    giverId: text("giver_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** The review's author. */
    receiverId: text("receiver_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    amount: smallint("amount").notNull(),
    seoulDay: date("seoul_day", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("review_spark_receiver_idx").on(t.receiverId, t.id.desc().nullsFirst()),
    index("review_spark_giver_idx").on(t.giverId, t.seoulDay),
    index("review_spark_recent_idx").on(t.createdAt, t.reviewId),
    check("review_spark_amount_check", sql`${t.amount} between 1 and 10`),
  ],
);

/**
 * How many sparks a member has given on a Seoul day. Giving raises `used` by one guarded statement
 * (`used + n <= 10`), so concurrent gifts can never pass the daily allowance.
 */
export const sparkAllowance = pgTable(
  "spark_allowance",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    seoulDay: date("seoul_day", { mode: "string" }).notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.seoulDay] }),
    check("spark_allowance_used_check", sql`${t.used} between 0 and 10`),
  ],
);

/** How many sparks a member has given one review in total (at most 10), raised by one guarded statement. */
export const reviewSparkTotal = pgTable(
  "review_spark_total",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => motorcycleReview.id, { onDelete: "cascade" }),
    giverId: text("giver_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    total: integer("total").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.giverId] }),
    check("review_spark_total_check", sql`${t.total} between 0 and 10`),
  ],
);

/** The podium: the top reviews by sparks received in the last 24 hours, as a job last computed them. */
export const reviewPodium = pgTable("review_podium", {
  rank: integer("rank").primaryKey(),
  reviewId: integer("review_id")
    .notNull()
    .references(() => motorcycleReview.id, { onDelete: "cascade" }),
  sparks: integer("sparks").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});

/** A motorcycle a member owns (or owned: `deleted_at` set when they take it out of the garage). */
export const garageBike = pgTable(
  "garage_bike",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    motorcycleId: integer("motorcycle_id")
      .notNull()
      .references(() => motorcycle.id, { onDelete: "restrict" }),
    /** The first day of the month since which the member owns it. */
    ownedSince: date("owned_since", { mode: "string" }).notNull(),
    odometerKm: integer("odometer_km"),
    photo: jsonb("photo").$type<ReviewImage>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("garage_bike_once_key")
      .on(t.memberId, t.motorcycleId)
      .where(sql`${t.deletedAt} is null`),
    index("garage_bike_member_idx").on(t.memberId, t.id),
    check("garage_bike_odometer_check", sql`${t.odometerKm} >= 0`),
  ],
);
