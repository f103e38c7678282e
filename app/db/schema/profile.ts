import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { member } from "./auth";

/** The first-login profile of a member (the mobile number lives on `member`, verified). */
export const memberProfile = pgTable("member_profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => member.id, { onDelete: "cascade" }),
  introduction: text("introduction").notNull(),
  ridingYears: integer("riding_years").notNull(),
  birthDate: date("birth_date", { mode: "string" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Main activity locations, 1 to 3; exact coordinates are shown to the owner only. */
export const memberLocation = pgTable(
  "member_location",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    isMain: boolean("is_main").notNull().default(false),
    simpleAddress: text("simple_address").notNull(),
    areaCode: text("area_code"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
  },
  (t) => [
    uniqueIndex("member_location_user_position_key").on(t.userId, t.position),
    index("member_location_earth_idx").using("gist", sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
  ],
);

export const memberGenre = pgTable(
  "member_genre",
  {
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    genreCode: text("genre_code").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.genreCode] })],
);

export const memberSns = pgTable(
  "member_sns",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    url: text("url").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("member_sns_user_idx").on(t.userId)],
);

/** Avatars: several, one representative; files are re-encoded uploads. */
export const memberAvatar = pgTable(
  "member_avatar",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    url: text("url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isRepresentative: boolean("is_representative").notNull().default(false),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("member_avatar_user_idx").on(t.userId)],
);

/** Shop details of a business member. The business type cannot be changed once chosen. */
export const businessProfile = pgTable(
  "business_profile",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => member.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull().unique(),
    tel: text("tel").notNull(),
    typeCode: text("type_code").notNull(),
    years: integer("years").notNull(),
    days: jsonb("days").$type<string[]>().notNull(),
    opensAt: text("opens_at").notNull(),
    closesAt: text("closes_at").notNull(),
    introduction: text("introduction").notNull().default(""),
    ownerName: text("owner_name").notNull(),
    email: text("email").notNull(),
    settlementPhone: text("settlement_phone").notNull(),
    images: jsonb("images").$type<{ key: string; url: string }[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("business_profile_name_lower_key").on(sql`lower(${t.name})`)],
);
