import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { serviceLogEntry } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import { runInTransaction } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { addBike, removeBike } from "#app/services/motorcycles/garage.server";
import { notificationsOf } from "#app/services/meetings/meetings.fixtures";
import { renderAlarmMessage } from "#app/services/notifications/messages.server";
import { insertListing } from "#tests/setup/market";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { insertMotorcycle, insertTestCatalogue } from "#tests/setup/motorcycles";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertPastMeeting } from "#tests/setup/service-log";
import { insertReview } from "#tests/setup/spark-reviews";
import { attachedServiceLog, setListingServiceLog, type ServiceLogChoice } from "./listing-log.server";
import { notifyDueReminders } from "./reminder-job.server";
import { defaultIntervals } from "./reminders";
import { reviewRunningCosts, setRunningCosts } from "./running-costs.server";
import {
  addEntry,
  deleteEntry,
  linkableMeetings,
  saveReminders,
  serviceLogPage,
  updateEntry,
  type EntryInput,
} from "./service-log.server";

let runtime: Runtime;
const clock = new FixedClock(new Date("2026-11-20T03:00:00Z"));
let catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  catalogue = await insertTestCatalogue(runtime.db, clock);
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

const entry = (overrides: Partial<EntryInput> = {}): EntryInput => ({
  doneOn: "2026-10-01",
  mileageKm: 12_000,
  work: "oil",
  note: "",
  costWon: 45_000,
  shop: "동네 바이크",
  ...overrides,
});

async function riderWithBike(model: keyof typeof catalogue = "forza350", odometerKm: number | null = 12_500) {
  const rider = await insertMember(runtime.db);
  const { id } = await addBike(runtime, rider, {
    motorcycleId: catalogue[model].id,
    ownedSince: "2024-03",
    odometerKm,
  });
  return { rider, bikeId: id };
}

const rows = (bikeId: number) =>
  runtime.db.select().from(serviceLogEntry).where(eq(serviceLogEntry.garageBikeId, bikeId));

describe("a bike's service log", () => {
  it("is written, read, changed and deleted by the bike's owner only", async () => {
    const { rider, bikeId } = await riderWithBike();
    const other = await insertMember(runtime.db);
    const admin = await insertAdmin(runtime.db);
    const { id } = await addEntry(runtime.db, clock, rider, bikeId, entry({ note: "  순정 오일  " }));
    expect(await rows(bikeId)).toMatchObject([{ id, work: "oil", note: "순정 오일", costWon: 45_000 }]);

    for (const stranger of [other, admin]) {
      expect(await code(addEntry(runtime.db, clock, stranger, bikeId, entry()))).toBe(
        "serviceLog.bike_not_found",
      );
      expect(await code(serviceLogPage(runtime.db, clock, stranger, bikeId, 1))).toBe(
        "serviceLog.bike_not_found",
      );
      expect(await code(updateEntry(runtime.db, clock, stranger, id, entry({ costWon: 1 })))).toBe(
        "serviceLog.entry_not_found",
      );
      expect(await code(deleteEntry(runtime.db, clock, stranger, id))).toBe("serviceLog.entry_not_found");
    }
    expect(await rows(bikeId)).toHaveLength(1);

    await updateEntry(runtime.db, clock, rider, id, entry({ work: "chain", costWon: null, shop: "" }));
    const page = await serviceLogPage(runtime.db, clock, rider, bikeId, 1);
    expect(page.entries).toEqual([
      expect.objectContaining({ id, work: "chain", costWon: null, shop: "", fromMeeting: false }),
    ]);
    await deleteEntry(runtime.db, clock, rider, id);
    expect(await rows(bikeId)).toEqual([]);
  });

  it("refuses a day after today and bad figures, storing nothing", async () => {
    const { rider, bikeId } = await riderWithBike();
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry({ doneOn: "2026-11-21" })))).toBe(
      "serviceLog.date_future",
    );
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry({ doneOn: "2026-02-30" })))).toBe(
      "serviceLog.date_invalid",
    );
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry({ costWon: -1 })))).toBe(
      "serviceLog.cost_invalid",
    );
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry({ doneOn: null })))).toBe(
      "serviceLog.date_required",
    );
    expect(await rows(bikeId)).toEqual([]);
  });

  it("pages its entries newest first", async () => {
    const { rider, bikeId } = await riderWithBike();
    for (let day = 1; day <= 23; day++)
      await addEntry(
        runtime.db,
        clock,
        rider,
        bikeId,
        entry({ doneOn: `2026-10-${String(day).padStart(2, "0")}` }),
      );
    const first = await serviceLogPage(runtime.db, clock, rider, bikeId, 1);
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1, totalCostWon: 23 * 45_000 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]!.doneOn).toBe("2026-10-23");
    const second = await serviceLogPage(runtime.db, clock, rider, bikeId, 9);
    expect(second.page).toBe(2);
    expect(second.entries.map((row) => row.doneOn)).toEqual(["2026-10-03", "2026-10-02", "2026-10-01"]);
  });

  it("takes no more changes once the bike has left the garage, and keeps its entries", async () => {
    const { rider, bikeId } = await riderWithBike();
    const { id } = await addEntry(runtime.db, clock, rider, bikeId, entry());
    await removeBike(runtime.db, clock, rider, bikeId);
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry()))).toBe("serviceLog.bike_not_found");
    expect(await code(deleteEntry(runtime.db, clock, rider, id))).toBe("serviceLog.entry_not_found");
    expect(await rows(bikeId)).toHaveLength(1);
  });
});

describe("an entry linked to a repair meeting", () => {
  it("is filled in from the member's own ended repair meeting: its day, the expert's name and the paid amount", async () => {
    const { rider, bikeId } = await riderWithBike();
    const expert = await insertMember(runtime.db, { nickname: "성수모터스" });
    const meetingId = await insertPastMeeting(runtime.db, rider.id, expert.id, {
      amount: 132_000,
      endedAt: new Date("2026-10-04T16:30:00Z"),
    });
    expect(await linkableMeetings(runtime.db, rider)).toEqual([
      { id: meetingId, day: "2026-10-05", expert: "성수모터스", paidWon: 132_000 },
    ]);
    const blank = entry({ doneOn: null, costWon: null, shop: "", work: "brakes", mileageKm: 13_100 });
    const { id } = await addEntry(runtime.db, clock, rider, bikeId, blank, meetingId);
    expect((await rows(bikeId)).find((row) => row.id === id)).toMatchObject({
      doneOn: "2026-10-05",
      shop: "성수모터스",
      costWon: 132_000,
      work: "brakes",
      mileageKm: 13_100,
      meetingId,
    });
    // What the owner typed stays; a meeting is in one entry of a bike.
    expect(await code(addEntry(runtime.db, clock, rider, bikeId, blank, meetingId))).toBe(
      "serviceLog.meeting_linked",
    );
    const unpaid = await insertPastMeeting(runtime.db, rider.id, expert.id, {
      paymentStatus: "free",
      amount: 0,
    });
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ doneOn: "2026-11-01", shop: "내가 쓴 이름" }),
      unpaid,
    );
    expect((await rows(bikeId)).find((row) => row.meetingId === unpaid)).toMatchObject({
      doneOn: "2026-11-01",
      shop: "내가 쓴 이름",
      costWon: 45_000,
    });
  });

  it("cannot be another member's meeting, one not ended, not a repair, or one the member gave", async () => {
    const { rider, bikeId } = await riderWithBike();
    const expert = await insertMember(runtime.db);
    const other = await insertMember(runtime.db);
    const refused = [
      await insertPastMeeting(runtime.db, other.id, expert.id),
      await insertPastMeeting(runtime.db, rider.id, expert.id, { status: "reserved" }),
      await insertPastMeeting(runtime.db, rider.id, expert.id, { kind: "coaching" }),
      await insertPastMeeting(runtime.db, expert.id, rider.id),
    ];
    expect(await linkableMeetings(runtime.db, rider)).toEqual([]);
    for (const meetingId of refused)
      expect(await code(addEntry(runtime.db, clock, rider, bikeId, entry(), meetingId))).toBe(
        "serviceLog.meeting_not_linkable",
      );
    expect(await rows(bikeId)).toEqual([]);
  });
});

describe("reminders", () => {
  it("count from the last entry of each work and the latest mileage, with the owner's intervals", async () => {
    const { rider, bikeId } = await riderWithBike("forza350", 14_000);
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ work: "oil", doneOn: "2026-09-01", mileageKm: 11_500 }),
    );
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ work: "chain", doneOn: "2026-11-01", mileageKm: 14_600 }),
    );
    const states = async () =>
      (await serviceLogPage(runtime.db, clock, rider, bikeId, 1)).reminders.map((status) => [
        status.work,
        status.state,
      ]);
    // Oil: 11,500 + 3,000 km is passed by the chain entry's 14,600 km.
    expect(await states()).toEqual([
      ["oil", "due"],
      ["chain", "ok"],
      ["tyres", "none"],
    ]);
    await saveReminders(runtime.db, clock, rider, bikeId, {
      ...defaultIntervals,
      oil: { enabled: true, months: 12, km: 5_000 },
      chain: { enabled: false, months: 3, km: 1_000 },
    });
    expect(await states()).toEqual([
      ["oil", "ok"],
      ["chain", "off"],
      ["tyres", "none"],
    ]);
    const other = await insertMember(runtime.db);
    expect(await code(saveReminders(runtime.db, clock, other, bikeId, defaultIntervals))).toBe(
      "serviceLog.bike_not_found",
    );
    expect(
      await code(
        saveReminders(runtime.db, clock, rider, bikeId, {
          ...defaultIntervals,
          oil: { enabled: true, months: 0, km: 1 },
        }),
      ),
    ).toBe("serviceLog.interval_invalid");
  });

  it("notify the owner once when a work becomes due, and again only after a new entry of it falls due", async () => {
    const { rider, bikeId } = await riderWithBike("pcx125", 5_000);
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ work: "oil", doneOn: "2026-04-01", mileageKm: 4_000 }),
    );
    const run = () => runInTransaction(runtime.db, clock, (uow) => notifyDueReminders(uow));
    await run();
    await run();
    const sent = await notificationsOf(runtime.db, rider.id, "serviceDue");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      link: `/my/garage/${bikeId}/log`,
      params: { model: "Honda PCX 125", work: 1 },
    });
    const line = (language: "ko" | "en") =>
      renderAlarmMessage(language, { type: "serviceDue", params: sent[0]!.params, actor: null });
    expect(line("ko")).toBe("Honda PCX 125: 엔진오일 정비 시기가 되었습니다. 정비 기록을 확인하세요.");
    expect(line("en")).toBe("Honda PCX 125: an engine oil change is due. See the service log.");

    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ work: "oil", doneOn: "2026-11-19", mileageKm: 5_000 }),
    );
    await run();
    expect(await notificationsOf(runtime.db, rider.id, "serviceDue")).toHaveLength(1);
    clock.set(new Date("2027-06-01T03:00:00Z"));
    try {
      await run();
      await run();
    } finally {
      clock.set(new Date("2026-11-20T03:00:00Z"));
    }
    expect(await notificationsOf(runtime.db, rider.id, "serviceDue")).toHaveLength(2);
  });
});

describe("a log attached to a vehicle listing", () => {
  const attach = (actor: Actor, listingId: number, choice: ServiceLogChoice) =>
    runInTransaction(runtime.db, clock, (uow) => setListingServiceLog(uow, actor, listingId, choice));

  it("shows the seller's bike's live log to every reader, without the owner's private data", async () => {
    const { rider, bikeId } = await riderWithBike();
    const listingId = await insertListing(runtime.db, clock, rider, "over125Scooter");
    await addEntry(runtime.db, clock, rider, bikeId, entry({ note: "합성유" }));
    expect(await attachedServiceLog(runtime.db, listingId)).toBeNull();

    await attach(rider, listingId, { kind: "bike", bikeId });
    // An entry written after attaching shows too: the log is read when the page is.
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ work: "tyres", doneOn: "2026-11-02", costWon: 300_000 }),
    );
    const shown = await attachedServiceLog(runtime.db, listingId);
    expect(shown).toMatchObject({
      bike: { nameEn: "Forza 350", manufacturerEn: "Honda", year: 2023 },
      totals: { entries: 2, totalCostWon: 345_000, firstOn: "2026-10-01", lastOn: "2026-11-02" },
    });
    expect(shown!.entries.map((row) => Object.keys(row).sort())).toEqual([
      ["costWon", "doneOn", "fromMeeting", "id", "mileageKm", "note", "shop", "work"],
      ["costWon", "doneOn", "fromMeeting", "id", "mileageKm", "note", "shop", "work"],
    ]);

    // After the sale the seller takes the bike out of the garage: the listing keeps the log as it was.
    await removeBike(runtime.db, clock, rider, bikeId);
    expect((await attachedServiceLog(runtime.db, listingId))?.totals.entries).toBe(2);

    await attach(rider, listingId, { kind: "none" });
    expect(await attachedServiceLog(runtime.db, listingId)).toBeNull();
  });

  it("takes only the seller's own bike, and only on a vehicle listing", async () => {
    const { rider, bikeId } = await riderWithBike();
    const { rider: other, bikeId: othersBike } = await riderWithBike();
    const admin = await insertAdmin(runtime.db);
    const listingId = await insertListing(runtime.db, clock, rider, "over125Scooter");
    expect(await code(attach(rider, listingId, { kind: "bike", bikeId: othersBike }))).toBe(
      "serviceLog.bike_not_found",
    );
    expect(await code(attach(other, listingId, { kind: "bike", bikeId: othersBike }))).toBe(
      "serviceLog.bike_not_found",
    );
    expect(await code(attach(admin, listingId, { kind: "bike", bikeId }))).toBe("serviceLog.bike_not_found");
    await attach(rider, listingId, { kind: "bike", bikeId });
    await attach(admin, listingId, { kind: "keep" });
    expect(await attachedServiceLog(runtime.db, listingId)).not.toBeNull();

    const gear = await insertListing(runtime.db, clock, rider, "gear");
    await attach(rider, gear, { kind: "bike", bikeId });
    expect(await attachedServiceLog(runtime.db, gear)).toBeNull();
  });
});

describe("running costs on an owner review", () => {
  it("show totals from the author's log of the model once the author opts in", async () => {
    const { rider, bikeId } = await riderWithBike("mt07", 20_000);
    const reader = await insertMember(runtime.db);
    await insertMotorcycle(runtime.db, clock, "mt07");
    const reviewId = await insertReview(runtime.db, clock, rider.id, { motorcycle: "mt07" });
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ doneOn: "2025-03-01", mileageKm: 10_000, costWon: 60_000 }),
    );
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ doneOn: "2026-09-01", mileageKm: 18_000, costWon: 340_000 }),
    );
    await addEntry(
      runtime.db,
      clock,
      rider,
      bikeId,
      entry({ doneOn: "2026-10-01", mileageKm: null, costWon: null }),
    );

    expect(await reviewRunningCosts(runtime.db, reviewId, null)).toEqual({
      shown: false,
      costs: null,
      canShow: false,
    });
    expect(await reviewRunningCosts(runtime.db, reviewId, rider.id)).toEqual({
      shown: false,
      costs: null,
      canShow: true,
    });
    expect(await code(setRunningCosts(runtime.db, clock, reader, reviewId, true))).toBe(
      "serviceLog.not_author",
    );

    await setRunningCosts(runtime.db, clock, rider, reviewId, true);
    expect(await reviewRunningCosts(runtime.db, reviewId, null)).toEqual({
      shown: true,
      canShow: false,
      costs: {
        entries: 3,
        totalCostWon: 400_000,
        firstOn: "2025-03-01",
        lastOn: "2026-10-01",
        kmSpan: 8_000,
        costPer1000Km: 50_000,
      },
    });
    await setRunningCosts(runtime.db, clock, rider, reviewId, false);
    expect((await reviewRunningCosts(runtime.db, reviewId, reader.id)).shown).toBe(false);
  });

  it("cannot be shown without a bike of the reviewed model in the author's garage", async () => {
    const { rider } = await riderWithBike("forza350");
    await insertMotorcycle(runtime.db, clock, "xmax300");
    const reviewId = await insertReview(runtime.db, clock, rider.id, { motorcycle: "xmax300" });
    expect(await code(setRunningCosts(runtime.db, clock, rider, reviewId, true))).toBe(
      "serviceLog.bike_not_found",
    );
    expect(await code(setRunningCosts(runtime.db, clock, rider, 999_999, true))).toBe(
      "serviceLog.review_not_found",
    );
  });
});
