import { and, asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import type { Actor } from "#app/services/actor";
import { listingInspection, marketListing, meeting, notification, transitionLog } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { DomainError } from "#app/services/errors";
import { updateListing } from "#app/services/market/listings.server";
import { cancelMeeting } from "#app/services/meetings/meeting/meetings.server";
import { insertSkill, requestOf } from "#app/services/meetings/meetings.fixtures";
import { jpeg } from "#app/services/uploads/test-images";
import { insertListing, listingInput } from "#tests/setup/market";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import type { ReportInput } from "./inspection.schema";
import {
  answerInspection,
  getInspection,
  listingInspectionPanel,
  meetingInspection,
  proposeTime,
  publishReport,
  requestInspection,
  writeReport,
} from "./inspections.server";

const clock = new FixedClock(new Date("2026-05-04T01:00:00Z"));
const HOUR = 3_600_000;
let runtime: Runtime;
let seller: TestMember;
let buyer: TestMember;
let expert: TestMember;
let other: TestMember;
let admin: TestMember;
let skillId: number;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  const { db } = runtime;
  [expert, other, admin] = [
    await insertMember(db, { memberType: "business" }),
    await insertMember(db),
    await insertAdmin(db),
  ];
  skillId = (await insertSkill(db, expert.id, "repair")).id;
});

// A seller has at most three vehicle listings open, and a buyer one open meeting per skill: each test has its own.
beforeEach(async () => {
  seller = await insertMember(runtime.db);
  buyer = await insertMember(runtime.db);
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const later = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);

/** A repair request to the expert, with a wished time (the time proposed to the seller). */
const request = (extra: Record<string, unknown> = {}) =>
  requestOf({ id: skillId, kind: "repair" }, clock.now(), { wishAt: later(48), ...extra });

async function vehicleListing() {
  clock.advance(60_000);
  return insertListing(runtime.db, clock, seller, "over125Scooter");
}

/** A listing with an inspection asked for by the buyer, and its ids. */
async function asked() {
  const listingId = await vehicleListing();
  const { inspectionId, meeting } = await requestInspection(runtime.db, clock, buyer, request(), listingId);
  return { listingId, id: inspectionId, meetingId: meeting.id };
}

async function agreed() {
  const made = await asked();
  await answerInspection(runtime.db, clock, seller, made.id, "agree");
  return made;
}

const report = (overrides: Partial<ReportInput> = {}): ReportInput => ({
  intent: "save",
  engineCondition: "good",
  engineNote: "시동 양호, 누유 없음",
  brakesCondition: "attention",
  brakesNote: "앞 패드 30% 남음",
  chainCondition: "good",
  chainNote: "",
  tyresCondition: "good",
  tyresNote: "",
  electricsCondition: "good",
  electricsNote: "",
  frameCondition: "unchecked",
  frameNote: "",
  papersCondition: "good",
  papersNote: "등록증 확인",
  verdict: "recommended",
  summary: "전반적으로 관리가 잘 된 차량입니다.",
  keep: [],
  ...overrides,
});

async function submitted() {
  const made = await agreed();
  await writeReport(runtime, expert, made.id, report({ intent: "submit" }));
  return made;
}

/** The listing page's inspection part, from the listing as its page reads it. */
async function panelOf(db: Database, reader: Actor | null, articleId: number) {
  const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, articleId));
  return listingInspectionPanel(db, reader, { ...listing!, id: articleId });
}

const row = async (id: number) =>
  (await runtime.db.select().from(listingInspection).where(eq(listingInspection.id, id)))[0]!;

const notes = (recipientId: string, type: string) =>
  runtime.db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, type)))
    .orderBy(asc(notification.id));

describe("asking for an inspection", () => {
  it("opens the meeting and the inspection in one unit, and tells the seller", async () => {
    const listingId = await vehicleListing();
    const before = (await notes(seller.id, "inspectionRequested")).length;
    const { inspectionId, meeting: opened } = await requestInspection(
      runtime.db,
      clock,
      buyer,
      request(),
      listingId,
    );
    expect(await row(inspectionId)).toMatchObject({
      meetingId: opened.id,
      articleId: listingId,
      buyerId: buyer.id,
      sellerId: seller.id,
      expertId: expert.id,
      status: "proposed",
      proposedAt: later(48),
    });
    expect(await notes(seller.id, "inspectionRequested")).toHaveLength(before + 1);
    expect(await meetingInspection(runtime.db, expert, opened.id)).toMatchObject({
      path: `/inspection/${inspectionId}`,
      writer: true,
    });
    expect(await meetingInspection(runtime.db, other, opened.id)).toBeNull();
  });

  it("refuses a request that cannot be an inspection, leaving no meeting behind", async () => {
    const { db } = runtime;
    const listingId = await vehicleListing();
    const gear = await insertListing(db, clock, seller, "gear");
    const meetingsBefore = (await db.select({ id: meeting.id }).from(meeting)).length;
    expect(
      await outcome(requestInspection(db, clock, buyer, request({ wishAt: undefined }), listingId)),
    ).toBe("inspection.time_required");
    expect(await outcome(requestInspection(db, clock, buyer, request(), gear))).toBe(
      "inspection.not_vehicle",
    );
    expect(await outcome(requestInspection(db, clock, seller, request(), listingId))).toBe(
      "inspection.own_listing",
    );
    const sellerSkill = await insertSkill(db, seller.id, "repair");
    const toSeller = requestOf(sellerSkill, clock.now(), { wishAt: later(24) });
    expect(await outcome(requestInspection(db, clock, buyer, toSeller, listingId))).toBe(
      "inspection.expert_is_seller",
    );
    expect((await db.select({ id: meeting.id }).from(meeting)).length).toBe(meetingsBefore);
  });

  it("keeps one inspection being arranged per buyer and listing", async () => {
    const { db } = runtime;
    const listingId = await vehicleListing();
    await requestInspection(db, clock, other, request(), listingId);
    const secondExpert = await insertMember(db);
    const skill = await insertSkill(db, secondExpert.id, "repair");
    expect(
      await outcome(
        requestInspection(db, clock, other, requestOf(skill, clock.now(), { wishAt: later(30) }), listingId),
      ),
    ).toBe("inspection.open_exists");
  });
});

describe("the seller's answer", () => {
  it("is taken from the seller of that listing only, and told to the buyer and the expert", async () => {
    const { db } = runtime;
    const { id } = await asked();
    for (const stranger of [buyer, expert, other, admin])
      expect(await outcome(answerInspection(db, clock, stranger, id, "agree"))).toMatch(
        /^inspection\.(not_seller|not_found)$/,
      );
    expect(await outcome(answerInspection(db, clock, other, id, "agree"))).toBe("inspection.not_found");
    expect((await row(id)).status).toBe("proposed");
    const told = (await notes(buyer.id, "inspectionAgreed")).length;
    expect(await outcome(answerInspection(db, clock, seller, id, "agree"))).toBe("ok");
    expect(await row(id)).toMatchObject({ status: "agreed", answeredAt: clock.now() });
    expect(await notes(buyer.id, "inspectionAgreed")).toHaveLength(told + 1);
    expect(await outcome(answerInspection(db, clock, seller, id, "decline"))).toBe(
      "machine.transition_not_allowed",
    );
  });

  it("lets the buyer or the expert propose another time after a decline, and the seller is asked again", async () => {
    const { db } = runtime;
    const { id } = await asked();
    await answerInspection(db, clock, seller, id, "decline");
    expect((await row(id)).status).toBe("declined");
    expect(await outcome(proposeTime(db, clock, seller, id, later(72)))).toBe("inspection.not_party");
    expect(await outcome(proposeTime(db, clock, buyer, id, later(-1)))).toBe("inspection.time_past");
    expect(await outcome(proposeTime(db, clock, expert, id, later(72)))).toBe("ok");
    expect(await row(id)).toMatchObject({ status: "proposed", proposedAt: later(72), answeredAt: null });
  });
});

describe("the report", () => {
  it("is written by the meeting's expert only, once the seller agreed", async () => {
    const { db } = runtime;
    const made = await asked();
    expect(await outcome(writeReport(runtime, expert, made.id, report()))).toBe(
      "machine.transition_not_allowed",
    );
    await answerInspection(db, clock, seller, made.id, "agree");
    for (const writer of [buyer, seller, admin])
      expect(await outcome(writeReport(runtime, writer, made.id, report()))).toBe("inspection.not_expert");
    expect(await outcome(writeReport(runtime, other, made.id, report()))).toBe("inspection.not_found");
    expect((await row(made.id)).savedAt).toBeNull();

    expect(await outcome(writeReport(runtime, expert, made.id, report()))).toBe("ok");
    const draft = await row(made.id);
    expect(draft).toMatchObject({ status: "agreed", verdict: "recommended", submittedAt: null });
    expect(draft.checklist).toHaveLength(7);
    expect(draft.checklist[1]).toEqual({
      system: "brakes",
      condition: "attention",
      note: "앞 패드 30% 남음",
    });
  });

  it("keeps a draft from the buyer and the seller until it is submitted", async () => {
    const { db } = runtime;
    const made = await agreed();
    await writeReport(runtime, expert, made.id, report());
    expect((await getInspection(db, buyer, made.id)).report).toBeNull();
    expect((await getInspection(db, seller, made.id)).report).toBeNull();
    expect((await getInspection(db, expert, made.id)).report?.verdict).toBe("recommended");
  });

  it("needs a verdict to be submitted, and a second submit stores nothing", async () => {
    const { db } = runtime;
    const made = await agreed();
    expect(
      await outcome(writeReport(runtime, expert, made.id, report({ intent: "submit", verdict: undefined }))),
    ).toBe("inspection.report_incomplete");
    const toldSeller = (await notes(seller.id, "inspectionReported")).length;
    const submit = report({ intent: "submit" });
    const results = await Promise.all([
      outcome(writeReport(runtime, expert, made.id, submit)),
      outcome(writeReport(runtime, expert, made.id, { ...submit, summary: "두 번째" })),
    ]);
    expect(results.sort()).toEqual(["machine.transition_not_allowed", "ok"]);
    const stored = await row(made.id);
    expect(stored).toMatchObject({ status: "submitted", submittedAt: clock.now() });
    expect(await notes(seller.id, "inspectionReported")).toHaveLength(toldSeller + 1);
    const submits = await db
      .select()
      .from(transitionLog)
      .where(
        and(
          eq(transitionLog.machine, "listing_inspection"),
          eq(transitionLog.subjectId, String(made.id)),
          eq(transitionLog.transition, "submit"),
        ),
      );
    expect(submits).toHaveLength(1);
    expect(await outcome(writeReport(runtime, expert, made.id, report()))).toBe(
      "machine.transition_not_allowed",
    );
  });

  it("stores photos re-encoded, keeps those kept and refuses another report's", async () => {
    const made = await agreed();
    const photo = { body: await jpeg(800, 600), declaredType: "image/jpeg" };
    await writeReport(runtime, expert, made.id, report(), [photo, photo]);
    const [first, second] = (await row(made.id)).photos;
    expect(first?.url).toMatch(/\.webp$/);
    expect(first).toMatchObject({ width: 800, height: 600 });
    await writeReport(runtime, expert, made.id, report({ keep: [second!.url] }));
    expect((await row(made.id)).photos.map((p) => p.url)).toEqual([second!.url]);
    expect(await runtime.storage.get(first!.key)).toBeUndefined();
    expect(
      await outcome(
        writeReport(runtime, expert, made.id, report({ keep: ["/uploads/post/elsewhere.webp"] })),
      ),
    ).toBe("inspection.photo_unknown");
    const many = Array.from({ length: 6 }, () => photo);
    expect(await outcome(writeReport(runtime, expert, made.id, report({ keep: [second!.url] }), many))).toBe(
      "inspection.photos_max",
    );
  });

  it("is closed with its meeting, and the buyer may ask again", async () => {
    const made = await agreed();
    await cancelMeeting(runtime.db, clock, buyer, made.meetingId, "일정이 안 맞아요");
    expect(await row(made.id)).toMatchObject({ status: "closed" });
    expect(await outcome(writeReport(runtime, expert, made.id, report()))).toBe(
      "machine.transition_not_allowed",
    );
    expect(await outcome(answerInspection(runtime.db, clock, seller, made.id, "decline"))).toBe(
      "inspection.meeting_closed",
    );
    const again = await requestInspection(runtime.db, clock, buyer, request(), made.listingId);
    expect((await row(again.inspectionId)).status).toBe("proposed");
  });

  it("stays the seller's to publish once submitted, whatever becomes of the meeting", async () => {
    const made = await submitted();
    await cancelMeeting(runtime.db, clock, buyer, made.meetingId, "거래 안 하기로 했어요");
    expect((await row(made.id)).status).toBe("submitted");
    expect(await outcome(publishReport(runtime.db, clock, seller, made.id))).toBe("ok");
  });
});

describe("publication", () => {
  it("needs the seller: nobody else publishes", async () => {
    const { db } = runtime;
    const { id } = await submitted();
    for (const stranger of [buyer, expert, admin])
      expect(await outcome(publishReport(db, clock, stranger, id))).toBe("inspection.not_seller");
    expect(await outcome(publishReport(db, clock, other, id))).toBe("inspection.not_found");
    expect((await row(id)).status).toBe("submitted");
    expect(await outcome(publishReport(db, clock, seller, id))).toBe("ok");
    expect(await row(id)).toMatchObject({ status: "published", publishedAt: clock.now() });
    expect(await outcome(publishReport(db, clock, seller, id))).toBe("machine.transition_not_allowed");
  });

  it("keeps an unpublished report from everyone but its buyer, seller and expert (and moderators)", async () => {
    const { db } = runtime;
    const { id, listingId } = await submitted();
    expect(await outcome(getInspection(db, other, id))).toBe("inspection.not_found");
    expect(await outcome(getInspection(db, null, id))).toBe("inspection.not_found");
    for (const party of [buyer, seller, expert, admin])
      expect((await getInspection(db, party, id)).report?.verdict).toBe("recommended");
    expect((await panelOf(db, other, listingId))?.published).toEqual([]);
    expect((await panelOf(db, null, listingId))?.published).toEqual([]);

    await publishReport(db, clock, seller, id);
    expect((await getInspection(db, other, id)).report?.verdict).toBe("recommended");
    const panel = await panelOf(db, null, listingId);
    expect(panel?.published).toMatchObject([
      { id, status: "published", expert: expert.nickname, verdict: "recommended" },
    ]);
    expect(panel?.published[0]?.checklist.map((item) => item.system)).toEqual([
      "engine",
      "brakes",
      "chain",
      "tyres",
      "electrics",
      "frame",
      "papers",
    ]);
  });

  it("offers the way to ask to anyone but the seller, on vehicle listings only", async () => {
    const { db } = runtime;
    const listingId = await vehicleListing();
    const gear = await insertListing(db, clock, seller, "gear");
    expect((await panelOf(db, buyer, listingId))?.askPath).toMatch(
      new RegExp(`^/meeting/repair/search\\?lat=.+&lng=.+&listing=${listingId}$`),
    );
    expect((await panelOf(db, seller, listingId))?.askPath).toBeNull();
    expect(await panelOf(db, buyer, gear)).toBeNull();
  });
});

describe("an edit of the listing", () => {
  it("marks a published report outdated in the edit's unit when the vehicle information changed", async () => {
    const { db } = runtime;
    const { id, listingId } = await submitted();
    await publishReport(db, clock, seller, id);
    const input = await listingInput(db, "over125Scooter");
    clock.advance(HOUR);
    await updateListing(db, clock, seller, listingId, { ...input, title: "제목만 바꿈", price: 140_000 });
    expect((await row(id)).status).toBe("published");

    clock.advance(HOUR);
    await updateListing(db, clock, seller, listingId, {
      ...input,
      vehicle: { ...input.vehicle!, mileageKm: 9_000 },
    });
    expect(await row(id)).toMatchObject({ status: "outdated", outdatedAt: clock.now() });
    expect((await panelOf(db, null, listingId))?.published).toMatchObject([
      { id, status: "outdated", outdatedAt: clock.now().toISOString() },
    ]);
  });
});
