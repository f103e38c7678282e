import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
import { motorcycleModel } from "./motorcycle";
import { memberLocation } from "./profile";

/**
 * The expert exchange: skills members offer, meetings between a requester and a provider with their chat, no-show
 * reports and the bans they lead to, feedback after a meeting, and one-tap rescue calls.
 */

/** The five kinds of meeting, the `meetingType` codes. */
export const meetingKinds = ["owner", "repair", "coaching", "rescue", "pickup"] as const;
export type MeetingKind = (typeof meetingKinds)[number];

/** Weekly availability of a skill: weekdays (0 = Sunday), hours as "HH:MM", or on call (rescue). */
export interface SkillAvailability {
  days: number[];
  from: string | null;
  to: string | null;
  onCall: boolean;
}

/**
 * A skill a member offers. Owner skills are per model (one per model); every other kind is one per member. The
 * service area is one of the member's locations, copied here (district and centre) so the finder reads one table;
 * only the district is ever shown to others.
 */
export const memberSkill = pgTable(
  "member_skill",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MeetingKind>().notNull(),
    /** Owner: the model owned. */
    modelId: integer("model_id").references(() => motorcycleModel.id, { onDelete: "cascade" }),
    /** Repair: `individual` (simple DIY) or `shop` (professional; business members only). */
    repairLevel: text("repair_level").$type<"individual" | "shop">(),
    /** Repair: comes to the rider (outside repair). */
    outsideRepair: boolean("outside_repair").notNull().default(false),
    /** Repair: `repairSkill` codes; rescue: `rescueSkill` codes; pickup: `pickupItem` codes. */
    codes: jsonb("codes").$type<string[]>().notNull().default([]),
    /** Rescue and pickup: has a truck that carries a motorcycle. */
    truck: boolean("truck").notNull().default(false),
    /** Free skill entries of the member's own, each at most 20 characters. */
    entries: jsonb("entries").$type<string[]>().notNull().default([]),
    locationId: integer("location_id").references(() => memberLocation.id, { onDelete: "set null" }),
    areaCode: text("area_code"),
    areaName: text("area_name").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    radiusKm: integer("radius_km").notNull().default(10),
    /** Won per hour (per trip for rescue and pickup); null when not given, 0 for free. */
    priceGuide: integer("price_guide"),
    availability: jsonb("availability")
      .$type<SkillAvailability>()
      .notNull()
      .default({ days: [], from: null, to: null, onCall: false }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("member_skill_owner_model_key")
      .on(t.memberId, t.modelId)
      .where(sql`${t.kind} = 'owner'`),
    uniqueIndex("member_skill_kind_key")
      .on(t.memberId, t.kind)
      .where(sql`${t.kind} <> 'owner'`),
    // The finder: active skills of one kind within a box around a point. One index per kind, so that a search
    // reads only its kind's points (the query names the kind as a literal, which the planner needs to use it).
    ...meetingKinds.map((kind) =>
      index(`member_skill_${kind}_earth_idx`)
        .using("gist", sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
        .where(sql`${t.active} and ${t.kind} = ${sql.raw(`'${kind}'`)}`),
    ),
    index("member_skill_kind_idx").on(t.kind, t.active),
  ],
);

/** The meeting machine's states (the `meetingStatus` codes). */
export const meetingStatuses = ["chatting", "reserved", "cancelled", "ended", "expired"] as const;
export type MeetingStatus = (typeof meetingStatuses)[number];

/** The payment machine's states on `meeting.payment_status` (the `meetingPaymentStatus` codes). */
export const meetingPaymentStatuses = [
  "none",
  "requested",
  "free",
  "paid",
  "refunded",
  "partiallyRefunded",
] as const;
export type MeetingPaymentStatus = (typeof meetingPaymentStatuses)[number];

/** What the requester wrote: the kind's own fields (validated by the request schema). */
export type MeetingRequestFields = Record<string, string | number | null>;

/**
 * A meeting between a requester and a provider (the expert). `code` names its chat room. The provider's payment
 * request is its own machine on `payment_status`, with `amount`, `payment_memo` and `free_inspection` (ADR 061);
 * the orders that pay it are `payment_order`.
 */
export const meeting = pgTable(
  "meeting",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull().unique(),
    kind: text("kind").$type<MeetingKind>().notNull(),
    requesterId: text("requester_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    skillId: integer("skill_id").references(() => memberSkill.id, { onDelete: "set null" }),
    status: text("status").$type<MeetingStatus>().notNull().default("chatting"),
    paymentStatus: text("payment_status").$type<MeetingPaymentStatus>().notNull().default("none"),
    /** The requested amount in won (0: free); set with the payment request. */
    amount: integer("amount").notNull().default(0),
    /** The provider's note on the payment request. */
    paymentMemo: text("payment_memo").notNull().default(""),
    /** Repair: the request is a free inspection. */
    freeInspection: boolean("free_inspection").notNull().default(false),
    /** The kind's fields of the request. */
    request: jsonb("request").$type<MeetingRequestFields>().notNull().default({}),
    /** The requester's wished date and time, and memo. */
    wishAt: timestamp("wish_at", { withTimezone: true }),
    memo: text("memo").notNull().default(""),
    /** Where the requester is (rescue: where they are stranded); district shown, coordinates to the provider. */
    requestAreaName: text("request_area_name"),
    requestLatitude: doublePrecision("request_latitude"),
    requestLongitude: doublePrecision("request_longitude"),
    /** Set by the provider. */
    appointmentAt: timestamp("appointment_at", { withTimezone: true }),
    placeName: text("place_name"),
    placeAddress: text("place_address"),
    placeLatitude: doublePrecision("place_latitude"),
    placeLongitude: doublePrecision("place_longitude"),
    cancelReason: text("cancel_reason"),
    /** When the provider first answered (a message or an action): the response rate, and what stops expiry. */
    providerAnsweredAt: timestamp("provider_answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    rescueCallId: integer("rescue_call_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("meeting_requester_idx").on(t.requesterId, t.lastMessageAt.desc(), t.id.desc()),
    index("meeting_provider_idx").on(t.providerId, t.lastMessageAt.desc(), t.id.desc()),
    index("meeting_status_idx").on(t.status, t.createdAt),
    check("meeting_status_check", sql`${t.status} in (${sql.raw(quotedList(meetingStatuses))})`),
    check(
      "meeting_payment_status_check",
      sql`${t.paymentStatus} in (${sql.raw(quotedList(meetingPaymentStatuses))})`,
    ),
    check("meeting_amount_check", sql`${t.amount} >= 0`),
  ],
);

/** A constant list as SQL string literals, for a state column's CHECK constraint. */
function quotedList(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(", ");
}

/** Chat message kinds: a member's text or image, or a system line written by a transition or a job. */
export const meetingMessageKinds = ["text", "image", "system"] as const;
export type MeetingMessageKind = (typeof meetingMessageKinds)[number];

/**
 * One chat message. A member's message carries the client's id so a resend after a lost acknowledgement stores it
 * once. System messages name their event (`reservationConfirmed`, `meetingEnded`, `reminder60` …) and its values.
 */
export const meetingMessage = pgTable(
  "meeting_message",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => member.id, { onDelete: "set null" }),
    kind: text("kind").$type<MeetingMessageKind>().notNull(),
    body: text("body").notNull().default(""),
    imageUrl: text("image_url"),
    imageWidth: integer("image_width"),
    imageHeight: integer("image_height"),
    event: text("event"),
    eventValues: jsonb("event_values").$type<Record<string, string | number | null>>(),
    /** The text looks like a phone or account number: shown with a reminder to keep the deal in the app. */
    flagged: boolean("flagged").notNull().default(false),
    clientId: text("client_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("meeting_message_meeting_idx").on(t.meetingId, t.id.desc()),
    uniqueIndex("meeting_message_client_key")
      .on(t.meetingId, t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** How far each participant has read a meeting's chat; unread counts are messages after it from the other side. */
export const meetingRead = pgTable(
  "meeting_read",
  {
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.memberId] })],
);

export const noShowStatuses = ["pending", "confirmed", "dismissed", "penalised"] as const;
export type NoShowStatus = (typeof noShowStatuses)[number];

/** A participant's report that the other did not come; reviewed by an administrator. One per meeting and reporter. */
export const noShowReport = pgTable(
  "no_show_report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    absentId: text("absent_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    status: text("status").$type<NoShowStatus>().notNull().default("pending"),
    reviewedBy: text("reviewed_by").references(() => member.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("no_show_report_once_key").on(t.meetingId, t.reporterId),
    index("no_show_report_status_idx").on(t.status, t.createdAt),
    check("no_show_report_status_check", sql`${t.status} in (${sql.raw(quotedList(noShowStatuses))})`),
  ],
);

/**
 * A ban from the exchange (requesting and offering meetings); the community stays open. `step` is the ladder's
 * rung (1: 30 days, 2: 60, 3: 180, 4: permanent, `ends_at` null). `lifted_at` when an administrator lifts it.
 */
export const meetingBan = pgTable(
  "meeting_ban",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    reason: text("reason").$type<"noShow" | "maliciousReport">().notNull(),
    noShowReportId: integer("no_show_report_id").references(() => noShowReport.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    createdBy: text("created_by").references(() => member.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("meeting_ban_member_idx").on(t.memberId, t.startsAt)],
);

export const feedbackVerdicts = ["smooth", "problem", "skipped"] as const;
export type FeedbackRewardWithheld =
  "content_short" | "meeting_short" | "shared_origin" | "pair_rewarded" | "daily_limit";
export type FeedbackVerdict = (typeof feedbackVerdicts)[number];

/** What one participant says of the other after a meeting ended; one per meeting and author (a skip counts). */
export const meetingFeedback = pgTable(
  "meeting_feedback",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    targetId: text("target_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MeetingKind>().notNull(),
    verdict: text("verdict").$type<FeedbackVerdict>().notNull(),
    /** 1 to 5; null for a skip. */
    rating: integer("rating"),
    content: text("content").notNull().default(""),
    photos: jsonb("photos").$type<{ url: string; width: number; height: number }[]>().notNull().default([]),
    rewardPoints: integer("reward_points").notNull().default(0),
    /** Why a given feedback earned nothing (ADR 048); null when paid, and for a skip. */
    rewardWithheld: text("reward_withheld").$type<FeedbackRewardWithheld>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("meeting_feedback_once_key").on(t.meetingId, t.authorId),
    index("meeting_feedback_target_idx").on(t.targetId, t.createdAt.desc()),
    // The reward caps: a member's rewarded feedback of the last 30 days, and of today.
    index("meeting_feedback_rewarded_idx")
      .on(t.authorId, t.createdAt.desc())
      .where(sql`${t.rewardPoints} > 0`),
  ],
);

export const rescueCallStatuses = ["open", "accepted", "expired", "withdrawn"] as const;
export type RescueCallStatus = (typeof rescueCallStatuses)[number];

/** A one-tap rescue request sent to the nearest on-call rescue experts; the first to accept gets the meeting. */
export const rescueCall = pgTable(
  "rescue_call",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    requesterId: text("requester_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    status: text("status").$type<RescueCallStatus>().notNull().default("open"),
    situation: text("situation").notNull(),
    areaName: text("area_name"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    radiusKm: integer("radius_km").notNull(),
    meetingId: integer("meeting_id").references(() => meeting.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rescue_call_requester_idx").on(t.requesterId, t.createdAt.desc()),
    check("rescue_call_status_check", sql`${t.status} in (${sql.raw(quotedList(rescueCallStatuses))})`),
  ],
);

/** One expert a rescue call reached, with the distance at the time of the call. */
export const rescueCallTarget = pgTable(
  "rescue_call_target",
  {
    callId: integer("call_id")
      .notNull()
      .references(() => rescueCall.id, { onDelete: "cascade" }),
    providerId: text("provider_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    skillId: integer("skill_id").references(() => memberSkill.id, { onDelete: "set null" }),
    distanceM: integer("distance_m").notNull(),
    status: text("status")
      .$type<"pending" | "accepted" | "withdrawn" | "declined">()
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.providerId] }),
    index("rescue_call_target_provider_idx").on(t.providerId, t.status),
  ],
);

/**
 * A participant's report of a chat message (abuse, fraud, spam), for administrators; once per message and reporter.
 * Kept beside the meeting tables: `content_report` names articles, comments and members only.
 */
export const meetingMessageReport = pgTable(
  "meeting_message_report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    messageId: bigint("message_id", { mode: "number" })
      .notNull()
      .references(() => meetingMessage.id, { onDelete: "cascade" }),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meeting.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status").$type<"open" | "resolved" | "dismissed">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("meeting_message_report_once_key").on(t.messageId, t.reporterId),
    index("meeting_message_report_status_idx").on(t.status, t.id),
  ],
);
