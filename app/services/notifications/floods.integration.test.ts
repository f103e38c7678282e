import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { memberSkill, notification } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { composeJobRegistry, JobWorker } from "#app/platform/jobs.server";
import { createLogger } from "#app/platform/logger.server";
import { setRealtimePublisher } from "#app/platform/publisher.server";
import { DAY_MS, HOUR_MS } from "#app/platform/seoul-calendar";
import { DomainError } from "#app/services/errors";
import { KEYWORD_ALERTS_PER_SELLER_DAY, marketJobs, saveKeyword } from "#app/services/market/keywords.server";
import { createListing } from "#app/services/market/listings.server";
import { makeOffer, withdrawOffer } from "#app/services/market/offers.server";
import { insertSkill, requestOf } from "#app/services/meetings/meetings.fixtures";
import { cancelMeeting, requestMeeting } from "#app/services/meetings/meeting/meetings.server";
import { sendRescueCall, withdrawRescueCall } from "#app/services/meetings/rescue/rescue.server";
import { paceRules } from "#app/services/pace/pace.server";
import { insertMember, type TestMember } from "#tests/setup/members";
import { insertListing, listingInput } from "#tests/setup/market";
import { createTestRuntime } from "#tests/setup/runtime";
import { countUnread, listAlarms } from "./inbox.server";
import type { AlarmUnreadPayload } from "./types";

/**
 * A member repeating an action in a loop reaches the other side once: repeats fold into one notification that
 * counts them and counts once on the badge, keyword alerts about one seller are capped per day, and the actions
 * themselves have a pace.
 */

let db: Database;
const clock = new FixedClock(new Date("2026-05-11T01:00:00Z"));
let pushes: { to: string; payload: AlarmUnreadPayload }[] = [];

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
  setRealtimePublisher({
    toMember: (to, _event, payload) => pushes.push({ to, payload: payload as AlarmUnreadPayload }),
    toMembers: () => undefined,
  });
});
afterAll(() => setRealtimePublisher(undefined));
beforeEach(() => {
  // Each test starts in an hour of its own: earlier folds and paces are behind it.
  clock.advance(2 * DAY_MS);
  pushes = [];
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

/** What the member sees: the lines of their notification list, the badge, and how many arrivals were pushed. */
async function seenBy(who: TestMember) {
  const { items } = await listAlarms(db, who.id, { language: "ko" });
  const arrived = pushes
    .filter((push) => push.to === who.id)
    .reduce((sum, push) => sum + (push.payload.arrived ?? 0), 0);
  return { lines: items.map((item) => item.message), badge: await countUnread(db, who.id), arrived };
}

describe("loops that reached another member", () => {
  it("an offer made and withdrawn 20 times reaches the seller as one notification", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db, { nickname: "흥정왕" });
    const id = await insertListing(db, clock, seller, "gear", { title: "헬멧", price: 150_000 });
    for (let round = 0; round < 20; round += 1) {
      const offer = await makeOffer(db, clock, buyer, id, { price: 100_000 + round, message: "" });
      await withdrawOffer(db, clock, buyer, offer.id);
    }
    expect(await seenBy(seller)).toEqual({
      lines: ["흥정왕님이 '헬멧'에 100,019원을 제안했습니다. (총 20회)"],
      badge: 1,
      arrived: 1,
    });
  });

  it("a meeting requested and cancelled 15 times reaches the expert as two notifications", async () => {
    const expert = await insertMember(db);
    const requester = await insertMember(db, { nickname: "신청왕" });
    const skill = await insertSkill(db, expert.id, "coaching");
    const outcomes: string[] = [];
    for (let round = 0; round < 15; round += 1) {
      try {
        const created = await requestMeeting(db, clock, requester, requestOf(skill, clock.now()));
        await cancelMeeting(db, clock, requester, created.id, "일정이 바뀌었어요");
        outcomes.push("ok");
      } catch (error) {
        outcomes.push(await outcome(Promise.reject(error)));
      }
    }
    const allowed = paceRules.meetingRequest.limit;
    expect(await seenBy(expert)).toEqual({
      lines: [
        `신청왕님과의 만남 예약이 취소되었습니다. (총 ${allowed}회)`,
        `신청왕님이 만남을 신청했습니다. (총 ${allowed}회)`,
      ],
      badge: 2,
      arrived: 2,
    });
    expect(outcomes).toEqual([
      ...Array<string>(allowed).fill("ok"),
      ...Array<string>(15 - allowed).fill("pace.too_many_meeting_requests"),
    ]);
  });

  it("a rescue call sent and withdrawn 15 times reaches the expert as one notification", async () => {
    const expert = await insertMember(db);
    const requester = await insertMember(db);
    const here = { latitude: 37.526618, longitude: 126.919666 };
    await db.update(memberSkill).set({ active: false }).where(eq(memberSkill.kind, "rescue"));
    await db.insert(memberSkill).values({
      memberId: expert.id,
      kind: "rescue",
      codes: ["towing"],
      truck: true,
      areaName: "영등포구",
      latitude: here.latitude + 2 / 111.2,
      longitude: here.longitude,
      radiusKm: 10,
      availability: { days: [], from: null, to: null, onCall: true },
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const outcomes: string[] = [];
    for (let round = 0; round < 15; round += 1) {
      try {
        const call = await sendRescueCall(db, clock, requester, { ...here, situation: "펑크" });
        await withdrawRescueCall(db, clock, requester, call.id);
        outcomes.push("ok");
      } catch (error) {
        outcomes.push(await outcome(Promise.reject(error)));
      }
    }
    const allowed = paceRules.rescueCall.limit;
    expect(await seenBy(expert)).toEqual({
      lines: [`2km 거리에서 긴급 출동 요청이 왔습니다: 펑크 (총 ${allowed}회)`],
      badge: 1,
      arrived: 1,
    });
    expect(outcomes).toEqual([
      ...Array<string>(allowed).fill("ok"),
      ...Array<string>(15 - allowed).fill("pace.too_many_rescue_calls"),
    ]);
  });

  it("30 listings in 2 seconds reach a keyword subscriber a few times a day, and the seller's pace stops them", async () => {
    const seller = await insertMember(db);
    const other = await insertMember(db);
    const subscriber = await insertMember(db);
    await saveKeyword(db, clock, subscriber, { keyword: "도배매물" });
    const input = await listingInput(db, "gear", { title: "도배매물 헬멧" });
    const outcomes: string[] = [];
    for (let n = 0; n < 30; n += 1) {
      outcomes.push(await outcome(createListing(db, clock, seller, input)));
      clock.advance(66);
    }
    const runJobs = () =>
      new JobWorker({
        db,
        clock,
        logger: createLogger("silent"),
        registry: composeJobRegistry(marketJobs),
        pollIntervalMs: 1000,
      }).drain();
    await runJobs();
    const alerts = () =>
      db
        .select({ actorId: notification.actorId })
        .from(notification)
        .where(and(eq(notification.recipientId, subscriber.id), eq(notification.type, "marketKeyword")));
    expect(await alerts()).toHaveLength(KEYWORD_ALERTS_PER_SELLER_DAY);
    expect((await seenBy(subscriber)).badge).toBe(KEYWORD_ALERTS_PER_SELLER_DAY);
    const allowed = paceRules.listing.limit;
    expect(outcomes).toEqual([
      ...Array<string>(allowed).fill("ok"),
      ...Array<string>(30 - allowed).fill("pace.too_many_listings"),
    ]);

    // The cap is per seller: another seller's listing still reaches the subscriber.
    await createListing(db, clock, other, input);
    await runJobs();
    expect((await alerts()).filter((row) => row.actorId === other.id)).toHaveLength(1);

    // And per Seoul day: the next day the seller's listings reach them again.
    clock.advance(DAY_MS + HOUR_MS);
    await createListing(db, clock, seller, input);
    await runJobs();
    expect((await alerts()).filter((row) => row.actorId === seller.id)).toHaveLength(
      KEYWORD_ALERTS_PER_SELLER_DAY + 1,
    );
  });
});
