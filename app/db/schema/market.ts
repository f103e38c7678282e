import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { member } from "./auth";
import { boardArticle } from "./community";
import { motorcycle } from "./motorcycle";

/**
 * Used-goods market tables. A listing is a `board_article` (section `market`, kind one of the market kinds) for what
 * it says and everything members do with it (comments, likes, keeps, reports, blinding), plus one `market_listing`
 * row for what only a listing has: its trade status, price, area, vehicle information and bump time. The listing
 * mirrors the article's kind and deletion so that its list indexes can be partial on them.
 */

const list = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** The `marketStatus` codes: a sale goes selling → reserved → soldOut, a wanted post buying → bought. */
export const marketStatuses = ["selling", "reserved", "soldOut", "buying", "bought"] as const;
export type MarketStatus = (typeof marketStatuses)[number];

/** Paperwork a vehicle listing can say the seller has (등록증, 폐지증명서, 양도양수증명서). */
export const vehiclePaperworks = ["registration", "scrapCertificate", "transferCertificate"] as const;
export type VehiclePaperwork = (typeof vehiclePaperworks)[number];

export const marketListing = pgTable(
  "market_listing",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    /** The market kind, as `board_article.kind`. */
    kind: text("kind").notNull(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    /** One of `marketStatuses`; no default: a sale starts selling, a wanted post buying (two machines). */
    status: text("status").$type<MarketStatus>().notNull(),
    /** Won; 0 is a free giveaway (나눔). For a wanted post, the price offered. */
    price: integer("price").notNull(),
    negotiable: boolean("negotiable").notNull().default(false),
    tradeDirect: boolean("trade_direct").notNull().default(true),
    tradeDelivery: boolean("trade_delivery").notNull().default(false),
    /** The gazetteer code of the 시/군/구 the trade happens in; only the district is ever shown. */
    areaCode: text("area_code").notNull(),
    /** The district's centre (never the member's own point); distance filters go by district (`area_code`). */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    // Vehicle information (the four vehicle kinds only).
    /** The catalogue's model year, when the seller picked one; `model_name` then holds its display name. */
    motorcycleId: integer("motorcycle_id").references(() => motorcycle.id, { onDelete: "set null" }),
    modelName: text("model_name"),
    modelYear: integer("model_year"),
    mileageKm: integer("mileage_km"),
    displacementCc: integer("displacement_cc"),
    colour: text("colour"),
    /** Accident, flood, paint and major repair history as the seller describes it; empty when none. */
    accidentHistory: text("accident_history"),
    paperwork: jsonb("paperwork").$type<VehiclePaperwork[]>(),
    tuned: boolean("tuned"),
    /** The member a reserved or sold listing is reserved for or sold to, as the seller named them. */
    buyerId: text("buyer_id").references(() => member.id, { onDelete: "set null" }),
    /**
     * When the named buyer was shown to have taken part in the trade: their offer was accepted, or they confirmed it
     * themselves. Until then neither side may review the other. Cleared whenever the buyer changes.
     */
    buyerConfirmedAt: timestamp("buyer_confirmed_at", { withTimezone: true }),
    /** The latest order's key: the creation time, moved to the bump's time by a bump. */
    bumpedAt: timestamp("bumped_at", { withTimezone: true }).notNull(),
    bumpCount: integer("bump_count").notNull().default(0),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    /** Mirrors `board_article.deleted_at`. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    demo: boolean("demo").notNull().default(false),
  },
  (t) => [
    index("market_listing_kind_latest_idx")
      .on(t.kind, t.bumpedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("market_listing_total_latest_idx")
      .on(t.bumpedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("market_listing_area_latest_idx")
      .on(t.areaCode, t.bumpedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("market_listing_seller_idx").on(t.sellerId, t.status),
    index("market_listing_motorcycle_idx")
      .on(t.motorcycleId, t.status)
      .where(sql`${t.deletedAt} is null and ${t.motorcycleId} is not null`),
    index("market_listing_kind_area_latest_idx")
      .on(t.kind, t.areaCode, t.bumpedAt.desc().nullsFirst(), t.articleId.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    check("market_listing_status_check", sql`${t.status} in (${list(marketStatuses)})`),
    check("market_listing_price_check", sql`${t.price} >= 0`),
  ],
);

/** Where a price offer is: open until the seller accepts or declines it, the buyer withdraws it, or the trade ends. */
export const marketOfferStatuses = ["open", "accepted", "declined", "withdrawn", "closed"] as const;
export type MarketOfferStatus = (typeof marketOfferStatuses)[number];

/** A member's price offer on a negotiable listing; only the seller (and the member who made it) see it. */
export const marketOffer = pgTable(
  "market_offer",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    message: text("message").notNull().default(""),
    status: text("status").$type<MarketOfferStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("market_offer_open_key")
      .on(t.articleId, t.buyerId)
      .where(sql`${t.status} = 'open'`),
    index("market_offer_article_idx").on(t.articleId, t.id.desc().nullsFirst()),
    index("market_offer_buyer_idx").on(t.buyerId, t.id.desc().nullsFirst()),
    check("market_offer_status_check", sql`${t.status} in (${list(marketOfferStatuses)})`),
    check("market_offer_price_check", sql`${t.price} >= 0`),
  ],
);

/** A member's saved keyword (내 키워드), optionally narrowed to a kind and a district; at most 10 per member. */
export const marketKeyword = pgTable(
  "market_keyword",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    kind: text("kind"),
    areaCode: text("area_code"),
    /** Alerts only for listings that fit one of the member's garage bikes (ADR 072). */
    onlyFitting: boolean("only_fitting").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("market_keyword_once_key").on(
      t.memberId,
      sql`lower(${t.keyword})`,
      sql`coalesce(${t.kind}, '')`,
      sql`coalesce(${t.areaCode}, '')`,
    ),
  ],
);

/** Which side of a trade a review's author was on. */
export const marketTradeRoles = ["seller", "buyer"] as const;
export type MarketTradeRole = (typeof marketTradeRoles)[number];

/**
 * One review of the other side of a sold listing, by its seller or its buyer (one each). Shown once both have
 * written or seven days after the sale.
 */
export const marketReview = pgTable(
  "market_review",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => marketListing.articleId, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    subjectId: text("subject_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    authorRole: text("author_role").$type<MarketTradeRole>().notNull(),
    /** good | bad */
    verdict: text("verdict").notNull(),
    /** Codes of the fixed manner points (good ones for a good verdict, bad ones for a bad one). */
    points: jsonb("points").$type<string[]>().notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("market_review_once_key").on(t.articleId, t.authorId),
    index("market_review_subject_idx").on(t.subjectId, t.createdAt.desc().nullsFirst()),
    check("market_review_role_check", sql`${t.authorRole} in (${list(marketTradeRoles)})`),
    check("market_review_verdict_check", sql`${t.verdict} in ('good', 'bad')`),
  ],
);
