import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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

/**
 * Community tables: board articles (the topic boards and the guestbook share one table, told apart by `kind`),
 * comments, likes, keeps, reports, announcements, FAQ, events, notifications and recent searches.
 */

/** Categories of each board kind, chosen when writing; administrators may change them (articles go with them). */
export const boardCategory = pgTable(
  "board_category",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    nameKo: text("name_ko").notNull(),
    nameEn: text("name_en").notNull(),
    index: integer("index").notNull().default(0),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("board_category_kind_code_key").on(t.kind, t.code)],
);

/** The topic boards, the guestbook, and the market's listings (which add a `market_listing` row). */
export const articleSections = ["board", "guestbook", "market"] as const;
export type ArticleSection = (typeof articleSections)[number];

/**
 * One article of a topic board (kind qna, free, …) or of the guestbook (kind guestbook). `contentHtml` is stored
 * sanitised; `contentText` is its plain text for search and previews. Counters are kept in the same transaction as
 * the rows they count. Deleting sets `deletedAt`; the row stays so its page can say it was deleted.
 */
export const boardArticle = pgTable(
  "board_article",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Which part of the product the article belongs to: one of `articleSections`. */
    section: text("section").$type<ArticleSection>().notNull().default("board"),
    kind: text("kind").notNull(),
    categoryId: integer("category_id").references(() => boardCategory.id),
    authorId: text("author_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    contentHtml: text("content_html").notNull(),
    contentText: text("content_text").notNull(),
    /** The first image of the content, for list thumbnails. */
    thumbnailUrl: text("thumbnail_url"),
    isPrivate: boolean("is_private").notNull().default(false),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    keepCount: integer("keep_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    /** Marks demo content seeded into an empty embedded database. */
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    // Trigram indexes without a pending list: the embedded database has no autovacuum to flush one, and the planner
    // ignores a GIN index whose pending list holds the newest rows.
    // Keyset pagination: each list order has an index that matches its WHERE and ORDER BY exactly.
    index("board_article_kind_latest_idx")
      .on(t.kind, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("board_article_kind_popular_idx")
      .on(t.kind, t.likeCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("board_article_total_latest_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.section} = 'board'`),
    index("board_article_total_popular_idx")
      .on(t.likeCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.section} = 'board'`),
    index("board_article_market_popular_idx")
      .on(t.likeCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.section} = 'market'`),
    index("board_article_category_latest_idx")
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index("board_article_author_idx").on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("board_article_title_trgm_idx")
      .using("gin", sql`${t.title} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index("board_article_text_trgm_idx")
      .using("gin", sql`${t.contentText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check(
      "board_article_section_check",
      sql`${t.section} in (${sql.raw(articleSections.map((section) => `'${section}'`).join(", "))})`,
    ),
  ],
);

/** Comments and one level of replies (`parentId` points at a top-level comment). */
export const boardComment = pgTable(
  "board_comment",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    authorId: text("author_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("board_comment_article_idx").on(t.articleId, t.createdAt, t.id),
    index("board_comment_parent_idx").on(t.parentId),
    index("board_comment_author_idx").on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** One like per member and article. */
export const boardLike = pgTable(
  "board_like",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.memberId] }), index("board_like_member_idx").on(t.memberId)],
);

/** Kept (bookmarked) articles, listed on /my/keep. */
export const boardKeep = pgTable(
  "board_keep",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => boardArticle.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.memberId] }),
    index("board_keep_member_idx").on(t.memberId, t.createdAt.desc().nullsFirst()),
  ],
);

/** Where a report is: waiting for an administrator, or closed either way (the report machine moves it). */
export const reportStatuses = ["open", "resolved", "dismissed"] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** Reports of an article, a comment or a member, with the reporter's reason, for administrators. */
export const contentReport = pgTable(
  "content_report",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** article | comment | member */
    targetType: text("target_type").notNull(),
    /** The article or comment reported; null for a member. */
    targetId: integer("target_id"),
    /** The member reported; null for an article or a comment. */
    targetMemberId: text("target_member_id").references(() => member.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    /** One of `reportStatuses`. */
    status: text("status").$type<ReportStatus>().notNull().default("open"),
    handledBy: text("handled_by").references(() => member.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("content_report_once_key").on(t.reporterId, t.targetType, t.targetId),
    uniqueIndex("content_report_member_once_key").on(t.reporterId, t.targetMemberId),
    index("content_report_status_idx").on(t.status, t.id),
    check(
      "content_report_status_check",
      sql`${t.status} in (${sql.raw(reportStatuses.map((status) => `'${status}'`).join(", "))})`,
    ),
    check(
      "content_report_target_type_check",
      sql`(${t.targetType} in ('article', 'comment') and ${t.targetId} is not null and ${t.targetMemberId} is null) or (${t.targetType} = 'member' and ${t.targetMemberId} is not null and ${t.targetId} is null)`,
    ),
  ],
);

/** Announcements, written by administrators under a tab (notice, update, event …). */
export const announcement = pgTable(
  "announcement",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tab: text("tab").notNull(),
    title: text("title").notNull(),
    contentHtml: text("content_html").notNull(),
    contentText: text("content_text").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    authorId: text("author_id").references(() => member.id, { onDelete: "set null" }),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("announcement_tab_idx").on(t.tab, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** FAQ entries, in both languages, under the tabs users, experts, payments and service. */
export const faqEntry = pgTable(
  "faq_entry",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tab: text("tab").notNull(),
    questionKo: text("question_ko").notNull(),
    answerKo: text("answer_ko").notNull(),
    questionEn: text("question_en").notNull(),
    answerEn: text("answer_en").notNull(),
    index: integer("index").notNull().default(0),
    deleted: boolean("deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("faq_entry_tab_idx").on(t.tab, t.index)],
);

/** Events: upcoming before `startsAt`, active until `endsAt`, ended after. */
export const communityEvent = pgTable(
  "community_event",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    contentHtml: text("content_html").notNull(),
    imageUrl: text("image_url"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Set once the "event starting" notification has gone out. */
    startNotifiedAt: timestamp("start_notified_at", { withTimezone: true }),
    participantCount: integer("participant_count").notNull().default(0),
    authorId: text("author_id").references(() => member.id, { onDelete: "set null" }),
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("community_event_period_idx").on(t.startsAt, t.endsAt),
    check("community_event_period_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One participation per member and event. */
export const eventParticipation = pgTable(
  "event_participation",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => communityEvent.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.memberId] }),
    index("event_participation_member_idx").on(t.memberId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Integrated notifications. `type` is a code of the integratedAlarmType filter table; `params` fills the localised
 * message (actor nickname, article title …); `link` is the Korean-locale path it opens.
 */
export const notification = pgTable(
  "notification",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    actorId: text("actor_id").references(() => member.id, { onDelete: "set null" }),
    params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
    link: text("link"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set when the same event may be reported more than once (a like toggled, a job retried): one row per key. */
    dedupeKey: text("dedupe_key"),
    /**
     * What the notification is about (the sender's own name for it, or its link without the fragment): repeated
     * notifications of one type from one actor about one subject fold into the newest (ADR 049).
     */
    subject: text("subject"),
    /** How many events the notification stands for: 1, or more once earlier ones folded into it. */
    repeatCount: integer("repeat_count").notNull().default(1),
    /** Set when a newer notification took this one's place; a folded row is kept (for its dedupe key), never shown. */
    foldedAt: timestamp("folded_at", { withTimezone: true }),
  },
  (t) => [
    index("notification_recipient_idx").on(t.recipientId, t.id.desc().nullsFirst()),
    uniqueIndex("notification_dedupe_idx").on(t.recipientId, t.dedupeKey),
    index("notification_unread_idx")
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Per-member switches of notification types; a missing row means the type is on. */
export const notificationSetting = pgTable(
  "notification_setting",
  {
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.type] })],
);

/** Recent searches of a member, newest first; searching the same words again moves them to the top. */
export const searchHistory = pgTable(
  "search_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: text("member_id")
      .notNull()
      .references(() => member.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    searchedAt: timestamp("searched_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("search_history_member_query_key").on(t.memberId, t.query),
    index("search_history_member_idx").on(t.memberId, t.searchedAt.desc().nullsFirst()),
  ],
);
