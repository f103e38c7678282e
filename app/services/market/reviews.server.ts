import { and, count, desc, eq, exists, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#app/db/client.server";
import { boardArticle, marketListing, marketReview, member, type MarketTradeRole } from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { decodeCursor } from "#app/services/board/interaction-access.server";
import { memberName } from "#app/services/members/display-name.server";
import type { ArticleAuthor } from "#app/services/board/list.server";
import { encodeCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import { notify } from "#app/services/notifications/notify.server";
import type { MarketErrorCode } from "./errors";
import { isWantedKind, listingPath, REVIEW_COMMENT_MAX, REVIEW_REVEAL_MS, type MarketKind } from "./kinds";
import { checkedMannerPoints, mannerPoints, type MannerPoint, type ReviewVerdict } from "./manner";
import { liveListing, type TradeListing } from "./trade.server";
import { recomputeReputation, scheduleReviewReveal } from "#app/services/reputation/reputation.server";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

export interface ReviewInput {
  verdict: ReviewVerdict;
  points: readonly string[];
  comment: string;
}

type SoldListing = TradeListing & { buyerId: string; soldAt: Date };

/** Only a sale sold to a member has two sides to review each other; a wanted post has no recorded counterpart. */
function isSold(listing: TradeListing): listing is SoldListing {
  return (
    !isWantedKind(listing.kind) &&
    listing.status === "soldOut" &&
    listing.buyerId !== null &&
    listing.soldAt !== null
  );
}

/** Which side of a sold listing a member was named on, or null when they were not part of its trade. */
function tradeRole(memberId: string, listing: SoldListing): MarketTradeRole | null {
  if (memberId === listing.sellerId) return "seller";
  return memberId === listing.buyerId ? "buyer" : null;
}

function checkedReview(input: ReviewInput) {
  const points = checkedMannerPoints(input.verdict, input.points);
  if (!points) throw fail("review_points_invalid");
  const comment = input.comment.trim();
  if ([...comment].length > REVIEW_COMMENT_MAX) throw fail("review_comment_length");
  return { verdict: input.verdict, points, comment };
}

/**
 * Reviews the other side of a sold listing: its seller reviews the buyer, its buyer the seller, once each (the
 * unique index settles a double submit: `review_exists`), once the buyer is known to have taken part in the trade
 * (`review_unconfirmed` until their offer was accepted or they confirmed it): a seller cannot review a member they
 * merely named. The review stays hidden until the other side has written
 * theirs or REVIEW_REVEAL_MS have passed since the sale, so that neither answers the other's; its subject is told
 * that one arrived.
 */
export async function writeReview(
  db: Database,
  clock: Clock,
  author: Actor,
  articleId: number,
  input: ReviewInput,
): Promise<{ id: number }> {
  return runInTransaction(db, clock, async (uow) => {
    const listing = await liveListing(uow.tx, articleId);
    if (!isSold(listing)) throw fail("review_not_sold");
    const authorRole = tradeRole(author.id, listing);
    if (!authorRole) throw fail("review_not_party");
    if (!listing.buyerConfirmedAt) throw fail("review_unconfirmed");
    const review = checkedReview(input);
    const subjectId = authorRole === "seller" ? listing.buyerId : listing.sellerId;
    const [added] = await uow.tx
      .insert(marketReview)
      .values({ articleId, authorId: author.id, subjectId, authorRole, ...review, createdAt: uow.now })
      .onConflictDoNothing()
      .returning({ id: marketReview.id });
    if (!added) throw fail("review_exists");
    // This review, or the other side's it answers, may show now; both show by time a week after the sale.
    await recomputeReputation(uow, [listing.sellerId, listing.buyerId]);
    const revealsAt = new Date(listing.soldAt.getTime() + REVIEW_REVEAL_MS);
    await scheduleReviewReveal(uow, articleId, [listing.sellerId, listing.buyerId], revealsAt);
    await notify(uow, {
      recipientId: subjectId,
      type: "marketReview",
      actorId: author.id,
      params: { nickname: await memberName(uow.tx, author.id) },
      link: listingPath(listing.kind, articleId),
      dedupeKey: `marketReview:${added.id}`,
    });
    return { id: added.id };
  });
}

const counterpart = alias(marketReview, "counterpart_review");

/**
 * Whether a review (joined with its listing) shows at `now`: its listing's buyer is confirmed, and its subject has
 * reviewed the same trade back or the sale is REVIEW_REVEAL_MS old. Every read of reviews filters or flags with this
 * one condition.
 */
function revealed(db: Database, now: Date) {
  const answered = db
    .select({ one: sql`1` })
    .from(counterpart)
    .where(
      and(
        eq(counterpart.articleId, marketReview.articleId),
        eq(counterpart.authorId, marketReview.subjectId),
      ),
    );
  return and(
    isNotNull(marketListing.buyerConfirmedAt),
    or(exists(answered), lte(marketListing.soldAt, new Date(now.getTime() - REVIEW_REVEAL_MS))),
  )!;
}

export interface TradeReview {
  id: number;
  author: ArticleAuthor;
  authorRole: MarketTradeRole;
  verdict: ReviewVerdict;
  points: MannerPoint[];
  comment: string;
  createdAt: string;
  listing: { id: number; kind: MarketKind; title: string; path: string };
}

const reviewColumns = {
  review: marketReview,
  nickname: member.nickname,
  name: member.name,
  avatarUrl: member.image,
  kind: marketListing.kind,
  title: boardArticle.title,
};

/** The reviews with their author and listing; callers add the condition and the order. */
function selectReviews<E extends Record<string, SQL>>(db: Database, extra: E) {
  return db
    .select({ ...reviewColumns, ...extra })
    .from(marketReview)
    .innerJoin(marketListing, eq(marketListing.articleId, marketReview.articleId))
    .innerJoin(boardArticle, eq(boardArticle.id, marketReview.articleId))
    .innerJoin(member, eq(member.id, marketReview.authorId));
}

type ReviewRow = {
  review: typeof marketReview.$inferSelect;
  nickname: string | null;
  name: string;
  avatarUrl: string | null;
  kind: string;
  title: string;
};

function toTradeReview(row: ReviewRow): TradeReview {
  const { review } = row;
  const kind = row.kind as MarketKind;
  return {
    id: review.id,
    author: { id: review.authorId, nickname: row.nickname ?? row.name, avatarUrl: row.avatarUrl },
    authorRole: review.authorRole,
    verdict: review.verdict as ReviewVerdict,
    points: review.points as MannerPoint[],
    comment: review.comment,
    createdAt: review.createdAt.toISOString(),
    listing: { id: review.articleId, kind, title: row.title, path: listingPath(kind, review.articleId) },
  };
}

const REVIEWS_PAGE_SIZE = 20;

/**
 * The reviews a member received that show now, newest first, a page at a time (keyset on time and id). A review
 * outlives its listing's deletion: it is about the member, not the listing.
 */
export async function listReceivedReviews(
  db: Database,
  clock: Clock,
  memberId: string,
  cursor?: string | null,
): Promise<{ items: TradeReview[]; nextCursor: string | null }> {
  const after = decodeCursor(cursor);
  const rows = await selectReviews(db, { cursorAt: sql<string>`${marketReview.createdAt}::text` })
    .where(
      and(
        eq(marketReview.subjectId, memberId),
        revealed(db, clock.now()),
        after
          ? sql`(${marketReview.createdAt}, ${marketReview.id}) < (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(marketReview.createdAt), desc(marketReview.id))
    .limit(REVIEWS_PAGE_SIZE + 1);
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map(toTradeReview),
    nextCursor:
      rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor([String(last.cursorAt), last.review.id]) : null,
  };
}

export interface MannerSummary {
  good: number;
  bad: number;
  /** How many shown reviews named each point; every point is present. */
  points: Record<MannerPoint, number>;
}

/** How many reviews of each verdict a member received that show at `now` (what their reputation counts). */
export async function shownVerdicts(
  db: Database,
  now: Date,
  memberId: string,
): Promise<{ good: number; bad: number }> {
  const verdicts = await db
    .select({ verdict: marketReview.verdict, n: count() })
    .from(marketReview)
    .innerJoin(marketListing, eq(marketListing.articleId, marketReview.articleId))
    .where(and(eq(marketReview.subjectId, memberId), revealed(db, now)))
    .groupBy(marketReview.verdict);
  const total = (verdict: ReviewVerdict) => verdicts.find((row) => row.verdict === verdict)?.n ?? 0;
  return { good: total("good"), bad: total("bad") };
}

/** A member's manner as their shown reviews say: good and bad verdicts, and how often each point was named. */
export async function mannerSummary(db: Database, clock: Clock, memberId: string): Promise<MannerSummary> {
  const shown = and(eq(marketReview.subjectId, memberId), revealed(db, clock.now()));
  const verdicts = await shownVerdicts(db, clock.now(), memberId);
  const point = sql<string>`jsonb_array_elements_text(${marketReview.points})`;
  const named = await db
    .select({ point, n: count() })
    .from(marketReview)
    .innerJoin(marketListing, eq(marketListing.articleId, marketReview.articleId))
    .where(shown)
    .groupBy(sql`1`);
  const points = Object.fromEntries(mannerPoints.map((code) => [code, 0])) as Record<MannerPoint, number>;
  for (const row of named) if (row.point in points) points[row.point as MannerPoint] = row.n;
  return { ...verdicts, points };
}

export interface TradeReviewState {
  /** The reader's side of the trade. */
  role: MarketTradeRole;
  /** The buyer took part in the trade (an accepted offer, or their own confirmation): reviews are open. */
  confirmed: boolean;
  /** Reviews are open and they have not reviewed it yet. */
  canWrite: boolean;
  mine: TradeReview | null;
  /** The other side's review, once it shows. */
  theirs: TradeReview | null;
  /** When both reviews show, whether or not the other side writes. */
  revealsAt: string;
}

/**
 * The reviews of a listing's trade as one of its two sides sees them on its page; null for anybody else and for a
 * listing that is not sold. The other side's review is left out until it shows.
 */
export async function tradeReviewState(
  db: Database,
  clock: Clock,
  actor: Actor | null,
  articleId: number,
): Promise<TradeReviewState | null> {
  if (!actor) return null;
  const listing = await liveListing(db, articleId);
  if (!isSold(listing)) return null;
  const role = tradeRole(actor.id, listing);
  if (!role) return null;
  const rows = await selectReviews(db, { shown: sql<boolean>`${revealed(db, clock.now())}` }).where(
    eq(marketReview.articleId, articleId),
  );
  const mine = rows.find((row) => row.review.authorId === actor.id);
  const theirs = rows.find((row) => row.review.authorId !== actor.id && row.shown);
  return {
    role,
    confirmed: listing.buyerConfirmedAt !== null,
    canWrite: listing.buyerConfirmedAt !== null && !mine,
    mine: mine ? toTradeReview(mine) : null,
    theirs: theirs ? toTradeReview(theirs) : null,
    revealsAt: new Date(listing.soldAt.getTime() + REVIEW_REVEAL_MS).toISOString(),
  };
}
