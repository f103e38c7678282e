import { sql } from "drizzle-orm";
import { check, doublePrecision, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { member } from "./auth";

/**
 * A member's reputation (ADR 068): the score the rules of `services/reputation/rules.ts` give the input counts
 * beside it, written in the unit of work that changed an input (or by the job that reveals trade reviews), never
 * on a page view. A member without a row has nothing on record and shows the start value.
 */
export const memberReputation = pgTable(
  "member_reputation",
  {
    memberId: text("member_id")
      .primaryKey()
      .references(() => member.id, { onDelete: "cascade" }),
    score: doublePrecision("score").notNull(),
    goodTradeReviews: integer("good_trade_reviews").notNull().default(0),
    badTradeReviews: integer("bad_trade_reviews").notNull().default(0),
    goodFeedback: integer("good_feedback").notNull().default(0),
    problemFeedback: integer("problem_feedback").notNull().default(0),
    confirmedNoShows: integer("confirmed_no_shows").notNull().default(0),
    upheldReports: integer("upheld_reports").notNull().default(0),
    sparksReceived: integer("sparks_received").notNull().default(0),
    phoneVerified: integer("phone_verified").notNull().default(0),
    businessVerified: integer("business_verified").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("member_reputation_score_check", sql`${t.score} between 0 and 99`)],
);
