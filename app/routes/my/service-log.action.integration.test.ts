import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  boardArticle,
  listingServiceLog,
  reviewRunningCost,
  serviceLogEntry,
  serviceReminder,
} from "#app/db/schema";
import type { Runtime } from "#app/platform/runtime.server";
import { listCategories } from "#app/services/board/articles.server";
import { addBike } from "#app/services/motorcycles/garage.server";
import { addEntry } from "#app/services/service-log/service-log.server";
import { insertTestCatalogue } from "#tests/setup/motorcycles";
import {
  callAction,
  callLoader,
  signUpCallers,
  startRouteRuntime,
  type Callers,
  type SignedInMember,
} from "#tests/setup/route-actions";
import { insertPastMeeting } from "#tests/setup/service-log";
import { insertReview } from "#tests/setup/spark-reviews";
import * as listingPage from "../market/listing";
import * as writePage from "../market/write";
import * as reviewPage from "../review/motorcycle/detail";
import * as logPage from "./service-log";

let runtime: Runtime;
let callers: Callers;
let catalogue: Awaited<ReturnType<typeof insertTestCatalogue>>;
let bikeId: number;

beforeAll(async () => {
  runtime = await startRouteRuntime();
  callers = await signUpCallers(runtime);
  catalogue = await insertTestCatalogue(runtime.db, runtime.clock);
  ({ id: bikeId } = await addBike(runtime, callers.owner.actor, {
    motorcycleId: catalogue.forza350.id,
    ownedSince: "2024-03",
    odometerKm: 9_000,
  }));
});

const post = (as: SignedInMember | null, form: Record<string, string>, id = bikeId) =>
  callAction(logPage.action, { path: `/my/garage/${id}/log`, params: { bikeId: String(id) }, form, as });

const entries = () =>
  runtime.db.select().from(serviceLogEntry).where(eq(serviceLogEntry.garageBikeId, bikeId));

const entryForm = (overrides: Record<string, string> = {}) => ({
  intent: "add",
  token: randomUUID(),
  doneOn: "2025-10-01",
  mileageKm: "8500",
  work: "oil",
  costWon: "48000",
  shop: "마포 바이크",
  note: "",
  ...overrides,
});

const strangers = () =>
  [
    ["a visitor", null, "sign-in"],
    ["an administrator without two-step verification", callers.adminWithoutTwoFactor, "two-step"],
    ["another member", callers.other, "not-found"],
    ["an acting administrator", callers.admin, "not-found"],
  ] as const;

describe("/my/garage/:bikeId/log (a bike's service log)", () => {
  it("adds an entry for the owner only, once for a double submit", async () => {
    for (const [, as, outcome] of strangers()) expect((await post(as, entryForm())).outcome).toBe(outcome);
    expect(await entries()).toEqual([]);

    const form = entryForm();
    const [first, second] = await Promise.all([post(callers.owner, form), post(callers.owner, form)]);
    expect(first).toMatchObject({ outcome: "done", location: `/my/garage/${bikeId}/log`, flashed: true });
    expect(second.outcome).toBe("done");
    expect(await entries()).toMatchObject([{ work: "oil", costWon: 48_000, mileageKm: 8_500 }]);

    const bad = await post(callers.owner, entryForm({ doneOn: "2999-01-01", costWon: "many" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "add",
      lastResult: {
        error: { doneOn: ["serviceLog.error.date_future"], costWon: ["serviceLog.error.cost_invalid"] },
        initialValue: { costWon: "many" },
      },
    });
    expect(await entries()).toHaveLength(1);
  });

  it("lets only the owner edit and delete an entry", async () => {
    const { id } = await addEntry(runtime.db, runtime.clock, callers.owner.actor, bikeId, {
      doneOn: "2025-06-01",
      mileageKm: 6_000,
      work: "chain",
      note: "",
      costWon: 20_000,
      shop: "",
    });
    const edit = { ...entryForm({ intent: "edit", entryId: String(id), work: "tyres", costWon: "310000" }) };
    const remove = { intent: "delete", entryId: String(id) };
    for (const [, as, outcome] of strangers()) {
      expect((await post(as, edit)).outcome).toBe(outcome);
      expect((await post(as, remove)).outcome).toBe(outcome);
    }
    // Another member's own log address does not reach the owner's entry either.
    expect((await post(callers.other, edit, 999_999)).outcome).toBe("not-found");
    expect((await entries()).find((row) => row.id === id)).toMatchObject({ work: "chain", costWon: 20_000 });

    expect((await post(callers.owner, edit)).outcome).toBe("done");
    expect((await entries()).find((row) => row.id === id)).toMatchObject({ work: "tyres", costWon: 310_000 });
    expect((await post(callers.owner, remove)).outcome).toBe("done");
    expect((await entries()).find((row) => row.id === id)).toBeUndefined();
  });

  it("stores the owner's reminder intervals only", async () => {
    const form = {
      intent: "reminders",
      oilEnabled: "on",
      oilMonths: "12",
      oilKm: "5000",
      chainMonths: "3",
      chainKm: "1000",
      tyresEnabled: "on",
      tyresMonths: "36",
      tyresKm: "15000",
    };
    for (const [, as, outcome] of strangers()) expect((await post(as, form)).outcome).toBe(outcome);
    const stored = () =>
      runtime.db.select().from(serviceReminder).where(eq(serviceReminder.garageBikeId, bikeId));
    expect(await stored()).toEqual([]);
    expect((await post(callers.owner, form)).outcome).toBe("done");
    expect((await stored()).map((row) => [row.work, row.enabled, row.months, row.km]).sort()).toEqual([
      ["chain", false, 3, 1000],
      ["oil", true, 12, 5000],
      ["tyres", true, 36, 15000],
    ]);
    const bad = await post(callers.owner, { ...form, oilKm: "10" });
    expect(bad.data).toMatchObject({
      lastResult: { error: { oilKm: ["serviceLog.error.interval_invalid"] } },
    });
  });

  it("fills an entry from the owner's own ended repair meeting, and no one else's", async () => {
    const expert = callers.moderator;
    const mine = await insertPastMeeting(runtime.db, callers.owner.id, expert.id, { amount: 77_000 });
    const theirs = await insertPastMeeting(runtime.db, callers.other.id, expert.id);
    const linked = (meetingId: number) =>
      entryForm({ meetingId: String(meetingId), doneOn: "", costWon: "", shop: "", work: "brakes" });
    expect((await post(callers.owner, linked(theirs))).data).toMatchObject({
      error: { code: "meeting_not_linkable" },
    });
    expect((await post(callers.owner, linked(mine))).outcome).toBe("done");
    expect((await entries()).find((row) => row.meetingId === mine)).toMatchObject({
      doneOn: "2026-10-05",
      costWon: 77_000,
      shop: expert.nickname,
      work: "brakes",
    });
    const refused = await post(callers.owner, entryForm({ doneOn: "" }));
    expect(refused.data).toMatchObject({
      lastResult: { error: { doneOn: ["serviceLog.error.date_required"] } },
    });
  });

  it("shows the log to its owner only", async () => {
    const load = (as: SignedInMember) =>
      callLoader(logPage.loader, {
        path: `/my/garage/${bikeId}/log`,
        params: { bikeId: String(bikeId) },
        as,
      });
    expect((await load(callers.owner)).data).toMatchObject({ bike: { id: bikeId }, total: 2 });
    expect((await load(callers.other)).outcome).toBe("not-found");
    expect((await load(callers.admin)).outcome).toBe("not-found");
  });
});

async function vehicleForm(overrides: Record<string, string> = {}) {
  const [category] = await listCategories(runtime.db, "over125Scooter");
  return {
    token: randomUUID(),
    kind: "over125Scooter",
    categoryId: String(category!.id),
    title: "포르자 350 팝니다",
    content: "<p>정비 기록 있습니다.</p>",
    price: "5200000",
    tradeDirect: "on",
    areaCode: "seoul-mapo",
    modelName: "포르자 350",
    modelYear: "2023",
    mileageKm: "9000",
    displacementCc: "330",
    ...overrides,
  };
}

const write = (form: Record<string, string>, as: SignedInMember | null, query = "") =>
  callAction(writePage.action, { path: `/market/write${query}`, form, as });

const linkOf = async (listingId: number) =>
  (await runtime.db.select().from(listingServiceLog).where(eq(listingServiceLog.listingId, listingId)))[0];

const listingIdOf = (location: string | null) => Number(location?.split("/").pop());

describe("attaching a service log to a vehicle listing", () => {
  it("attaches the seller's own bike's log, which a visitor then sees on the listing", async () => {
    expect((await write(await vehicleForm({ serviceLogBikeId: String(bikeId) }), null)).outcome).toBe(
      "sign-in",
    );
    expect(
      (await write(await vehicleForm({ serviceLogBikeId: String(bikeId) }), callers.adminWithoutTwoFactor))
        .outcome,
    ).toBe("two-step");

    // Another member cannot attach the owner's bike to their own listing; nothing of it is stored.
    const before = await runtime.db
      .select()
      .from(boardArticle)
      .where(eq(boardArticle.authorId, callers.other.id));
    const stolen = await write(await vehicleForm({ serviceLogBikeId: String(bikeId) }), callers.other);
    expect(stolen).toMatchObject({ outcome: "not-found", data: { error: { code: "bike_not_found" } } });
    expect(
      await runtime.db.select().from(boardArticle).where(eq(boardArticle.authorId, callers.other.id)),
    ).toHaveLength(before.length);

    const written = await write(await vehicleForm({ serviceLogBikeId: String(bikeId) }), callers.owner);
    expect(written.outcome).toBe("done");
    const listingId = listingIdOf(written.location);
    expect(await linkOf(listingId)).toMatchObject({ garageBikeId: bikeId });

    const page = await callLoader(listingPage.loader, {
      path: `/market/over125Scooter/${listingId}`,
      params: { kind: "over125Scooter", boardId: String(listingId) },
      as: null,
    });
    expect(page.data).toMatchObject({
      serviceLog: {
        bike: { nameEn: "Forza 350" },
        totals: { entries: 2 },
        entries: [
          { work: "brakes", costWon: 77_000, fromMeeting: true },
          { work: "oil", costWon: 48_000, shop: "마포 바이크", mileageKm: 8_500, doneOn: "2025-10-01" },
        ],
      },
    });

    // An administrator editing it keeps the link (the form has no choice for them) and cannot pick a bike.
    const edit = { ...(await vehicleForm({ title: "가격 내림" })), id: String(listingId) };
    expect((await write(edit, callers.admin, `?id=${listingId}`)).outcome).toBe("done");
    expect(await linkOf(listingId)).toMatchObject({ garageBikeId: bikeId });
    const picked = await write(
      { ...edit, serviceLogBikeId: String(bikeId) },
      callers.admin,
      `?id=${listingId}`,
    );
    expect(picked.outcome).toBe("not-found");
    expect(
      (await write({ ...edit, serviceLogBikeId: "none" }, callers.other, `?id=${listingId}`)).outcome,
    ).toBe("refused");
    expect(await linkOf(listingId)).toMatchObject({ garageBikeId: bikeId });

    expect(
      (await write({ ...edit, serviceLogBikeId: "none" }, callers.owner, `?id=${listingId}`)).outcome,
    ).toBe("done");
    expect(await linkOf(listingId)).toBeUndefined();
  });

  it("offers the seller's garage bikes on the form", async () => {
    const form = await callLoader(writePage.loader, {
      path: "/market/write?kind=over125Scooter",
      as: callers.owner,
    });
    expect(form.data).toMatchObject({
      serviceLog: { bikes: [{ id: bikeId, nameEn: "Forza 350" }], attached: null },
    });
    const none = await callLoader(writePage.loader, {
      path: "/market/write?kind=over125Scooter",
      as: callers.other,
    });
    expect(none.data).toMatchObject({ serviceLog: null });
  });
});

describe("running costs on an owner review", () => {
  it("are switched on and off by the review's author only", async () => {
    const reviewId = await insertReview(runtime.db, runtime.clock, callers.owner.id, {
      motorcycle: "forza350",
    });
    const toggle = (as: SignedInMember | null, value: "on" | "off") =>
      callAction(reviewPage.action, {
        path: `/review/motorcycle/detail?id=${reviewId}`,
        form: { intent: "runningCosts", runningCosts: value },
        as,
      });
    const optedIn = async () =>
      (await runtime.db.select().from(reviewRunningCost).where(eq(reviewRunningCost.reviewId, reviewId)))
        .length;
    expect((await toggle(null, "on")).outcome).toBe("sign-in");
    expect((await toggle(callers.adminWithoutTwoFactor, "on")).outcome).toBe("two-step");
    expect((await toggle(callers.other, "on")).outcome).toBe("refused");
    expect((await toggle(callers.admin, "on")).outcome).toBe("refused");
    expect(await optedIn()).toBe(0);

    expect(await toggle(callers.owner, "on")).toMatchObject({ outcome: "done", flashed: true });
    expect(await optedIn()).toBe(1);
    const page = await callLoader(reviewPage.loader, {
      path: `/review/motorcycle/detail?id=${reviewId}`,
      as: null,
    });
    expect(page.data).toMatchObject({
      runningCosts: { shown: true, canShow: false, costs: { entries: 2, totalCostWon: 125_000 } },
    });
    expect((await toggle(callers.other, "off")).outcome).toBe("refused");
    expect(await optedIn()).toBe(1);
    expect((await toggle(callers.owner, "off")).outcome).toBe("done");
    expect(await optedIn()).toBe(0);
  });
});
