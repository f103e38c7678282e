import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { memberReputation } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { MINUTE_MS } from "#app/platform/seoul-calendar";
import { addComment } from "#app/services/board/comments.server";
import { reportMember, resolveReport } from "#app/services/board/reports.server";
import { listOpenReports } from "#app/services/board/reports.server";
import { REVIEW_REVEAL_MS } from "#app/services/market/kinds";
import { writeReview, type ReviewInput } from "#app/services/market/reviews.server";
import { confirmPurchase, sellListing } from "#app/services/market/trade.server";
import { giveFeedback } from "#app/services/meetings/conduct/feedback.server";
import { reportNoShow, reviewNoShow } from "#app/services/meetings/conduct/no-shows.server";
import { giveSparks } from "#app/services/sparks/sparks.server";
import { insertMeeting } from "#tests/setup/conduct-meetings";
import { insertListing } from "#tests/setup/market";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertReview } from "#tests/setup/spark-reviews";
import { memberScore, reputationJobs, reputationOf, reputationScores } from "./reputation.server";
import { REPUTATION_START } from "./rules";

let db: Database;
const clock = new AdjustableClock(new FixedClock(new Date("2026-03-02T01:00:00Z")));
let admin: TestMember;

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  admin = await insertAdmin(db);
});

const good: ReviewInput = { verdict: "good", points: ["kind", "punctual"], comment: "친절하셨어요" };

/** A gear listing sold by a new seller to a new buyer who confirmed the trade. */
async function soldTrade() {
  const seller = await insertMember(db);
  const buyer = await insertMember(db);
  const id = await insertListing(db, clock, seller, "gear", { title: "헬멧 팝니다" });
  await addComment(db, clock, buyer, id, { content: "살게요" });
  await sellListing(db, clock, seller, id, buyer.id);
  await confirmPurchase(db, clock, buyer, id);
  return { seller, buyer, id };
}

const storedRow = async (memberId: string) =>
  (await db.select().from(memberReputation).where(eq(memberReputation.memberId, memberId)))[0];

const rowCount = async () => (await db.select({ n: count() }).from(memberReputation))[0]!.n;

const runDueJobs = () =>
  new JobWorker({
    db,
    clock,
    logger: createLogger("silent"),
    registry: composeJobRegistry(reputationJobs),
    pollIntervalMs: 1000,
  }).drain();

describe("a member's stored reputation", () => {
  it("rises for both sides once a good trade's reviews show", async () => {
    const { seller, buyer, id } = await soldTrade();
    expect(await memberScore(db, seller.id)).toBe(REPUTATION_START);
    await writeReview(db, clock, seller, id, good);
    // Hidden until the buyer answers: the buyer's score must not tell them the verdict.
    expect(await memberScore(db, buyer.id)).toBe(REPUTATION_START);
    await writeReview(db, clock, buyer, id, good);
    const sellerScore = await memberScore(db, seller.id);
    const buyerScore = await memberScore(db, buyer.id);
    expect(sellerScore).toBeGreaterThan(REPUTATION_START);
    expect(buyerScore).toBe(sellerScore);
    expect(await storedRow(seller.id)).toMatchObject({ goodTradeReviews: 1, badTradeReviews: 0 });
    const view = await reputationOf(db, seller.id);
    expect(view).toMatchObject({ score: sellerScore, member: { id: seller.id, nickname: seller.nickname } });
    expect(view.counts.goodTradeReviews).toBe(1);
  });

  it("takes a review no one answered into account when it shows by time, by the job its writing enqueued", async () => {
    const { seller, buyer, id } = await soldTrade();
    await writeReview(db, clock, seller, id, { verdict: "bad", points: ["late"], comment: "" });
    expect(await memberScore(db, buyer.id)).toBe(REPUTATION_START);
    clock.advance(REVIEW_REVEAL_MS - MINUTE_MS);
    await runDueJobs();
    expect(await memberScore(db, buyer.id)).toBe(REPUTATION_START);
    clock.advance(2 * MINUTE_MS);
    await runDueJobs();
    expect(await memberScore(db, buyer.id)).toBeLessThan(REPUTATION_START);
    expect(await storedRow(buyer.id)).toMatchObject({ badTradeReviews: 1 });
  });

  it("falls after a confirmed no-show, and not after a dismissed one", async () => {
    const absent = await insertMember(db);
    const before = await memberScore(db, absent.id);
    const report = async () => {
      const reporter = await insertMember(db);
      const meetingId = await insertMeeting(
        db,
        clock,
        { requesterId: reporter.id, providerId: absent.id },
        { status: "reserved", appointmentAt: new Date(clock.now().getTime() - 20 * MINUTE_MS) },
      );
      return (await reportNoShow(db, clock, reporter, meetingId, "약속 장소에 나타나지 않았습니다.")).id;
    };
    await reviewNoShow(db, clock, admin, await report(), "dismiss");
    expect(await memberScore(db, absent.id)).toBe(before);
    await reviewNoShow(db, clock, admin, await report(), "confirm");
    expect(await memberScore(db, absent.id)).toBeLessThan(before);
    expect(await storedRow(absent.id)).toMatchObject({ confirmedNoShows: 1 });
  });

  it("follows meeting feedback, sparks on reviews and upheld reports", async () => {
    const provider = await insertMember(db);
    const requester = await insertMember(db);
    const meetingId = await insertMeeting(
      db,
      clock,
      { requesterId: requester.id, providerId: provider.id },
      { status: "ended" },
    );
    await giveFeedback(db, clock, requester, meetingId, {
      verdict: "smooth",
      rating: 5,
      content: "친절하게 정비해 주셨어요.",
      photos: [],
    });
    const afterFeedback = await memberScore(db, provider.id);
    expect(afterFeedback).toBeGreaterThan(REPUTATION_START);

    const reviewId = await insertReview(db, clock, provider.id);
    await giveSparks(db, clock, requester, reviewId, 5);
    expect(await storedRow(provider.id)).toMatchObject({ goodFeedback: 1, sparksReceived: 5 });
    const afterSparks = await memberScore(db, provider.id);
    expect(afterSparks).toBeGreaterThan(afterFeedback);

    await reportMember(db, clock, requester, provider.id, "거래 중 욕설을 했습니다.");
    const [open] = (await listOpenReports(db, admin)).items.filter((item) => item.target.id === provider.id);
    await resolveReport(db, clock, admin, open!.id, "resolve");
    expect(await storedRow(provider.id)).toMatchObject({ upheldReports: 1 });
    expect(await memberScore(db, provider.id)).toBeLessThan(afterSparks);
  });

  it("is only read by pages: reading scores and the why view writes nothing", async () => {
    const newcomer = await insertMember(db);
    const rows = await rowCount();
    expect(await reputationScores(db, [newcomer.id, admin.id])).toEqual(
      new Map([
        [newcomer.id, REPUTATION_START],
        [admin.id, REPUTATION_START],
      ]),
    );
    expect(await reputationOf(db, newcomer.id)).toMatchObject({ score: 36.5, updatedAt: null });
    expect(await rowCount()).toBe(rows);
  });
});
