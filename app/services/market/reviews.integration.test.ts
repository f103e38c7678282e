import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { marketReview, notification } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { addComment } from "#app/services/board/comments.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { REVIEW_COMMENT_MAX, REVIEW_REVEAL_MS } from "./kinds";
import { deleteListing } from "./listings.server";
import { checkedMannerPoints, mannerPoints } from "./manner";
import {
  listReceivedReviews,
  mannerSummary,
  tradeReviewState,
  writeReview,
  type ReviewInput,
} from "./reviews.server";
import { acceptOffer, makeOffer } from "./offers.server";
import { completeWanted, confirmPurchase, reserveListing, sellListing } from "./trade.server";

let db: Database;
const clock = new AdjustableClock(new FixedClock(new Date("2026-03-02T01:00:00Z")));

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const good: ReviewInput = { verdict: "good", points: ["kind", "punctual"], comment: "친절하셨어요" };
const bad: ReviewInput = { verdict: "bad", points: ["late"], comment: "" };

/** A gear listing sold by a new seller to a new buyer who commented first and confirmed the trade. */
async function soldTrade(title = "헬멧 팝니다") {
  const { seller, buyer, id } = await namedTrade(title);
  await confirmPurchase(db, clock, buyer, id);
  return { seller, buyer, id };
}

/** A gear listing its seller marked sold to a member who only commented on it, who has not confirmed anything. */
async function namedTrade(title = "헬멧 팝니다") {
  const seller = await insertMember(db);
  const buyer = await insertMember(db);
  const id = await insertListing(db, clock, seller, "gear", { title });
  await addComment(db, clock, buyer, id, { content: "살게요" });
  await sellListing(db, clock, seller, id, buyer.id);
  return { seller, buyer, id };
}

const review = (author: TestMember, id: number, input: ReviewInput = good) =>
  writeReview(db, clock, author, id, input);

const receivedIds = async (memberId: string) =>
  (await listReceivedReviews(db, clock, memberId)).items.map((item) => item.id);

const zeroPoints = Object.fromEntries(mannerPoints.map((code) => [code, 0]));

describe("a trade review", () => {
  it("is written by the seller or the buyer of a sold listing, once, about the other side", async () => {
    const { seller, buyer, id } = await soldTrade("부츠 팝니다");
    const stranger = await insertMember(db);
    const admin = await insertAdmin(db);
    expect(await outcome(review(stranger, id))).toBe("market.review_not_party");
    expect(await outcome(review(admin, id))).toBe("market.review_not_party");
    const { id: reviewId } = await review(seller, id, { ...good, comment: "  좋은 구매자  " });
    const [row] = await db.select().from(marketReview).where(eq(marketReview.id, reviewId));
    expect(row).toMatchObject({
      articleId: id,
      authorId: seller.id,
      subjectId: buyer.id,
      authorRole: "seller",
      verdict: "good",
      points: ["kind", "punctual"],
      comment: "좋은 구매자",
    });
    expect(await outcome(review(seller, id, bad))).toBe("market.review_exists");
    await review(buyer, id, bad);
    const [note] = await db
      .select()
      .from(notification)
      .where(and(eq(notification.recipientId, buyer.id), eq(notification.type, "marketReview")));
    expect(note).toMatchObject({
      actorId: seller.id,
      params: { nickname: seller.nickname },
      link: `/market/gear/${id}`,
    });
  });

  it("cannot be pinned on a member the seller merely named as the buyer", async () => {
    const { seller, buyer, id } = await namedTrade("장갑 팝니다");
    expect(await outcome(review(seller, id, bad))).toBe("market.review_unconfirmed");
    expect(await outcome(review(buyer, id, good))).toBe("market.review_unconfirmed");
    expect(await tradeReviewState(db, clock, seller, id)).toMatchObject({
      confirmed: false,
      canWrite: false,
    });
    expect(await tradeReviewState(db, clock, buyer, id)).toMatchObject({
      role: "buyer",
      confirmed: false,
      canWrite: false,
    });
    // A review stored without the buyer's part in the trade (written before this rule) never shows either.
    await db.insert(marketReview).values({
      articleId: id,
      authorId: seller.id,
      subjectId: buyer.id,
      authorRole: "seller",
      verdict: "bad",
      points: ["rude"],
      createdAt: clock.now(),
    });
    clock.advance(REVIEW_REVEAL_MS + 1);
    expect(await receivedIds(buyer.id)).toEqual([]);
    expect(await mannerSummary(db, clock, buyer.id)).toEqual({ good: 0, bad: 0, points: zeroPoints });
  });

  it("opens once the named buyer confirms the trade; nobody else can confirm it for them", async () => {
    const { seller, buyer, id } = await namedTrade("자켓 팝니다");
    const stranger = await insertMember(db);
    const admin = await insertAdmin(db);
    for (const someone of [seller, stranger, admin])
      expect(await outcome(confirmPurchase(db, clock, someone, id))).toBe("market.purchase_not_buyer");
    expect(await outcome(review(seller, id))).toBe("market.review_unconfirmed");
    expect(await outcome(confirmPurchase(db, clock, buyer, id))).toBe("ok");
    expect(await outcome(confirmPurchase(db, clock, buyer, id))).toBe("ok");
    expect(await tradeReviewState(db, clock, seller, id)).toMatchObject({ confirmed: true, canWrite: true });
    expect(await outcome(review(seller, id))).toBe("ok");
    const selling = await insertListing(db, clock, seller, "gear");
    expect(await outcome(confirmPurchase(db, clock, buyer, selling))).toBe("market.purchase_not_buyer");
  });

  it("is open at once to the maker of the offer the seller accepted", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear", { price: 50_000, negotiable: true });
    const offer = await makeOffer(db, clock, buyer, id, { price: 45_000, message: "" });
    await acceptOffer(db, clock, seller, offer.id);
    await sellListing(db, clock, seller, id, buyer.id);
    expect(await outcome(review(seller, id))).toBe("ok");
    expect(await outcome(review(buyer, id))).toBe("ok");
  });

  it("waits for the sale: not while selling or reserved, never for a wanted post, not once deleted", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const selling = await insertListing(db, clock, seller, "gear");
    const reserved = await insertListing(db, clock, seller, "gear");
    const wanted = await insertListing(db, clock, seller, "buy");
    await addComment(db, clock, buyer, reserved, { content: "예약 부탁드려요" });
    await reserveListing(db, clock, seller, reserved, buyer.id);
    await completeWanted(db, clock, seller, wanted);
    expect(await outcome(review(seller, selling))).toBe("market.review_not_sold");
    expect(await outcome(review(buyer, reserved))).toBe("market.review_not_sold");
    expect(await outcome(review(seller, reserved))).toBe("market.review_not_sold");
    expect(await outcome(review(seller, wanted))).toBe("market.review_not_sold");
    const trade = await soldTrade();
    await deleteListing(db, clock, trade.seller, trade.id);
    expect(await outcome(review(trade.buyer, trade.id))).toBe("market.not_found");
  });

  it("names one or more points of its verdict, and keeps its comment short", async () => {
    const { buyer, id } = await soldTrade();
    const attempt = (input: Partial<ReviewInput>) => outcome(review(buyer, id, { ...good, ...input }));
    expect(await attempt({ points: [] })).toBe("market.review_points_invalid");
    expect(await attempt({ points: ["late"] })).toBe("market.review_points_invalid");
    expect(await attempt({ verdict: "bad", points: ["kind"] })).toBe("market.review_points_invalid");
    expect(await attempt({ points: ["kind", "nope"] })).toBe("market.review_points_invalid");
    expect(await attempt({ comment: "가".repeat(REVIEW_COMMENT_MAX + 1) })).toBe(
      "market.review_comment_length",
    );
    expect(
      await attempt({ points: ["fairPrice", "fairPrice"], comment: "가".repeat(REVIEW_COMMENT_MAX) }),
    ).toBe("ok");
    const [row] = await db.select().from(marketReview).where(eq(marketReview.articleId, id));
    expect(row!.points).toEqual(["fairPrice"]);
    expect(checkedMannerPoints("bad", ["rude", "slowReply"])).toEqual(["rude", "slowReply"]);
  });

  it("stays hidden until the other side has written theirs, then both show", async () => {
    const { seller, buyer, id } = await soldTrade();
    const first = await review(seller, id, good);
    expect(await receivedIds(buyer.id)).toEqual([]);
    expect(await mannerSummary(db, clock, buyer.id)).toEqual({ good: 0, bad: 0, points: zeroPoints });
    expect(await tradeReviewState(db, clock, seller, id)).toMatchObject({
      role: "seller",
      canWrite: false,
      mine: { id: first.id },
      theirs: null,
    });
    const waiting = await tradeReviewState(db, clock, buyer, id);
    expect(waiting).toMatchObject({ role: "buyer", canWrite: true, mine: null, theirs: null });

    clock.advance(60_000);
    const second = await review(buyer, id, {
      verdict: "bad",
      points: ["late", "rude"],
      comment: "늦으셨어요",
    });
    expect(await receivedIds(buyer.id)).toEqual([first.id]);
    expect(await receivedIds(seller.id)).toEqual([second.id]);
    const [shown] = (await listReceivedReviews(db, clock, seller.id)).items;
    expect(shown).toEqual({
      id: second.id,
      author: { id: buyer.id, nickname: buyer.nickname, avatarUrl: null },
      authorRole: "buyer",
      verdict: "bad",
      points: ["late", "rude"],
      comment: "늦으셨어요",
      createdAt: clock.now().toISOString(),
      listing: { id, kind: "gear", title: "헬멧 팝니다", path: `/market/gear/${id}` },
    });
    expect(await mannerSummary(db, clock, seller.id)).toEqual({
      good: 0,
      bad: 1,
      points: { ...zeroPoints, late: 1, rude: 1 },
    });
    expect(await tradeReviewState(db, clock, seller, id)).toMatchObject({ theirs: { id: second.id } });
    expect(await tradeReviewState(db, clock, buyer, id)).toMatchObject({
      canWrite: false,
      mine: { id: second.id },
      theirs: { id: first.id },
    });
  });

  it("shows on its own seven days after the sale", async () => {
    const { seller, buyer, id } = await soldTrade();
    const written = await review(buyer, id, good);
    const state = await tradeReviewState(db, clock, seller, id);
    expect(state).toMatchObject({ canWrite: true, theirs: null });
    expect(Date.parse(state!.revealsAt) - clock.now().getTime()).toBe(REVIEW_REVEAL_MS);

    clock.advance(REVIEW_REVEAL_MS - 1);
    expect(await receivedIds(seller.id)).toEqual([]);
    expect((await mannerSummary(db, clock, seller.id)).good).toBe(0);
    clock.advance(1);
    expect(await receivedIds(seller.id)).toEqual([written.id]);
    expect(await mannerSummary(db, clock, seller.id)).toEqual({
      good: 1,
      bad: 0,
      points: { ...zeroPoints, kind: 1, punctual: 1 },
    });
    expect(await tradeReviewState(db, clock, seller, id)).toMatchObject({ theirs: { id: written.id } });
  });

  it("is no business of anybody but the two sides", async () => {
    const { id } = await soldTrade();
    const stranger = await insertMember(db);
    expect(await tradeReviewState(db, clock, stranger, id)).toBeNull();
    expect(await tradeReviewState(db, clock, null, id)).toBeNull();
    const seller = await insertMember(db);
    const selling = await insertListing(db, clock, seller, "gear");
    expect(await tradeReviewState(db, clock, seller, selling)).toBeNull();
  });

  it("lists a member's reviews newest first, a page of 20 at a time", async () => {
    const seller = await insertMember(db);
    const written: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      const buyer = await insertMember(db);
      const id = await insertListing(db, clock, seller, "parts", { title: `부품 ${n}` });
      await addComment(db, clock, buyer, id, { content: "구매 희망" });
      await sellListing(db, clock, seller, id, buyer.id);
      await confirmPurchase(db, clock, buyer, id);
      // Six minutes apart: ten listings an hour, the seller's pace.
      clock.advance(6 * 60_000);
      written.push((await review(buyer, id)).id);
    }
    clock.advance(REVIEW_REVEAL_MS);
    const first = await listReceivedReviews(db, clock, seller.id);
    expect(first.items.map((item) => item.id)).toEqual(written.slice(1).reverse());
    const second = await listReceivedReviews(db, clock, seller.id, first.nextCursor);
    expect(second).toEqual({ items: [expect.objectContaining({ id: written[0] })], nextCursor: null });
  });

  it(
    "is written once by each side even when sent many times at once",
    { tags: ["concurrency"] },
    async () => {
      const { seller, buyer, id } = await soldTrade();
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, n) => outcome(review(buyer, id, n % 2 ? good : bad))),
      );
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "ok").every((o) => o === "market.review_exists")).toBe(true);
      const rows = await db.select().from(marketReview).where(eq(marketReview.articleId, id));
      expect(rows).toHaveLength(1);
      const notes = await db
        .select()
        .from(notification)
        .where(and(eq(notification.recipientId, seller.id), eq(notification.type, "marketReview")));
      expect(notes).toHaveLength(1);
    },
  );
});
