import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Where a member is in the first login, in order: signed up, first-login profile saved (/login/new), welcomed
 * (/login/welcome, which completes it). The onboarding machine moves a member along; nothing else writes it.
 */
export const onboardingStates = ["signed_up", "profile_saved", "welcomed"] as const;
export type OnboardingState = (typeof onboardingStates)[number];

/**
 * The roles `member.role` may hold: a member, or one of the staff roles whose grants app/services/permissions.ts
 * keeps (ADR 055). The column is plain text; the code reads any other value as a member.
 */
export const memberRoles = ["member", "admin", "moderator", "finance"] as const;
export type MemberRole = (typeof memberRoles)[number];

/** The stored role as one the code knows; anything else (a typo, an old value) is a plain member. */
export function memberRoleOf(stored: string | null | undefined): MemberRole {
  return memberRoles.find((role) => role === stored) ?? "member";
}

/**
 * Accounts and sessions, in the shape Better Auth reads and writes (property names are its field names; the columns
 * are snake_case). Members, administrators and withdrawn accounts are all rows of `member`.
 */
export const member = pgTable(
  "member",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Chosen at first login; unique regardless of letter case. */
    nickname: text("nickname"),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phoneNumber: text("phone_number").unique(),
    phoneNumberVerified: boolean("phone_number_verified"),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    /** One of `memberRoles`. */
    role: text("role").notNull().default("member"),
    /** individual | business, chosen in the first-login profile. */
    memberType: text("member_type"),
    /** One of `onboardingStates`: how far the member is through the first login. */
    onboarding: text("onboarding").$type<OnboardingState>().notNull().default("signed_up"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /**
     * A copy of the suspension in force (`member_sanction` holds them all), read with the session in one statement:
     * from when, and until when (null with a start: permanently). Both null when none was set or it was lifted.
     */
    suspendedFrom: timestamp("suspended_from", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** When the member accepted the terms of use (required to join). */
    termsAgreedAt: timestamp("terms_agreed_at", { withTimezone: true }),
    /** When the member consented to the collection and use of personal data (required to join). */
    privacyAgreedAt: timestamp("privacy_agreed_at", { withTimezone: true }),
    /** When the member confirmed being 15 or older (required to join). */
    ageConfirmedAt: timestamp("age_confirmed_at", { withTimezone: true }),
    /** When the member agreed to receive marketing messages (optional); null when not agreed. */
    marketingAgreedAt: timestamp("marketing_agreed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("member_nickname_lower_key").on(sql`lower(${t.nickname})`),
    /** Partial-word nickname search (integrated search). */
    index("member_nickname_trgm_idx")
      .using("gin", sql`${t.nickname} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check(
      "member_onboarding_check",
      sql`${t.onboarding} in (${sql.raw(onboardingStates.map((state) => `'${state}'`).join(", "))})`,
    ),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/** Ways to sign in: the password credential ("credential") and linked external identities. */
export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("account_user_id_idx").on(t.userId),
    uniqueIndex("account_provider_account_key").on(t.providerId, t.accountId),
  ],
);

/** Codes and links: e-mail verification, password reset, phone codes. */
export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** Better Auth's own request counters for its HTTP endpoints. */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Fixed-window counters for sign-in, sign-up, code sends and password changes, kept in the database so that they
 * hold across restarts and across several server processes.
 */
export const rateLimitCounter = pgTable("rate_limit_counter", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/** Codes and links sent to one address in a row, reset by a successful verification. */
export const verificationSend = pgTable(
  "verification_send",
  {
    target: text("target").notNull(),
    purpose: text("purpose").notNull(),
    count: integer("count").notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("verification_send_target_purpose_key").on(t.target, t.purpose)],
);

/** Keyed hashes of the e-mail and phone of withdrawn accounts, so that a sign-in with them says so. */
export const withdrawnIdentity = pgTable("withdrawn_identity", {
  identifierHash: text("identifier_hash").primaryKey(),
  userId: text("user_id").notNull(),
  withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }).notNull(),
});

/** What a member origin is a hash of: the client address the member signed up from, or a browser they signed in with. */
export const memberOriginKinds = ["signUpAddress", "browser"] as const;
export type MemberOriginKind = (typeof memberOriginKinds)[number];

/**
 * Keyed hashes (HMAC with the session secret) of where a member comes from: the client address at sign-up and the
 * random id of each browser they signed in with. Never shown and never kept in clear: read only to tell whether two
 * members share one, which withholds the feedback rewards between them (ADR 048).
 */
export const memberOrigin = pgTable(
  "member_origin",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    kind: text("kind").$type<MemberOriginKind>().notNull(),
    hash: text("hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind, t.hash] })],
);

/** What the local e-mail and SMS adapters "sent": read on the outbox page in development and by administrators. */
export const outboxMessage = pgTable(
  "outbox_message",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("outbox_message_recipient_idx").on(t.recipient, t.createdAt)],
);

/**
 * The joins Better Auth makes in one statement (ADR 034): a session or an account with its member, a member with
 * its accounts. The relation names are the ones Better Auth asks for.
 */
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(member, { fields: [session.userId], references: [member.id] }),
}));

export const accountRelations = relations(account, ({ one }) => ({
  user: one(member, { fields: [account.userId], references: [member.id] }),
}));

export const memberRelations = relations(member, ({ many }) => ({
  accounts: many(account),
}));
