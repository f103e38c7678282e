import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { adminAudit, articleFrameNumber, boardArticle, job, notification, theftHold } from "#app/db/schema";
import { AdjustableClock, FixedClock } from "#app/platform/clock.server";
import type { Runtime } from "#app/platform/runtime.server";
import type { Actor } from "#app/services/actor";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { DomainError } from "#app/services/errors";
import { listMarket } from "#app/services/market/list.server";
import { makeOffer } from "#app/services/market/offers.server";
import { getListingForEdit, getListingPage, updateListing } from "#app/services/market/listings.server";
import { searchArea } from "#app/services/search/search.server";
import { insertListing, listingInput } from "#tests/setup/market";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { createTestRuntime } from "#tests/setup/runtime";
import { digestFrameNumber } from "./frame-number-digest.server";
import { decideTheftHold, frameNumberTailFor, listingHoldNotice, listTheftHolds } from "./holds.server";

let runtime: Runtime;
let db: Database;
const clock = new AdjustableClock(new FixedClock(new Date("2026-05-04T01:00:00Z")));
let counter = 0;

beforeAll(async () => {
  runtime = await createTestRuntime({ clock });
  db = runtime.db;
});

/** A fresh VIN per test, so that tests never match each other's numbers. */
function freshVin(): string {
  counter += 1;
  return `KM4MJ5272A${String(1_600_000 + counter).padStart(7, "0")}`;
}

const digest = (typed: string) => digestFrameNumber(runtime.config.personalDataKeys, typed);

async function report(author: Actor, typed: string | null, title = "도난 신고: 흰색 포르자") {
  const [category] = await listCategories(db, "reportTheft");
  return createArticle(db, clock, author, {
    kind: "reportTheft",
    categoryId: category!.id,
    title,
    contentHtml: "<p>어젯밤 마포에서 도난당했습니다.</p>",
    isPrivate: false,
    frameNumber: typed === null ? null : digest(typed),
  });
}

const sell = (seller: Actor, typed: string | null, title = "포르자 350 팝니다 흰색") =>
  insertListing(db, clock, seller, "over125Scooter", {
    title,
    frameNumber: typed === null ? null : digest(typed),
  });

async function holdsOf(listingId: number) {
  return db.select().from(theftHold).where(eq(theftHold.listingId, listingId)).orderBy(theftHold.id);
}

async function isPrivate(id: number) {
  const [row] = await db
    .select({ isPrivate: boardArticle.isPrivate })
    .from(boardArticle)
    .where(eq(boardArticle.id, id));
  return row!.isPrivate;
}

const theftAlarms = (recipientId: string) =>
  db
    .select({ link: notification.link, params: notification.params })
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, "theftMatch")));

const views = () => runtime.views;

async function listed(id: number, title: string) {
  const page = await listMarket(db, null, new Set(), { kind: "over125Scooter", sort: "latest", q: title });
  return page.rows.some((row) => row.id === id);
}

describe("a listing with a reported frame number", () => {
  let reporter: TestMember;
  let seller: TestMember;
  let other: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    reporter = await insertMember(db);
    seller = await insertMember(db);
    other = await insertMember(db);
    admin = await insertAdmin(db);
  });

  it("is held when it is posted: hidden from lists, search and visitors, its reporter notified", async () => {
    const vin = freshVin();
    const theft = await report(reporter, vin);
    const title = `포르자 ${vin.slice(-4)} 급매`;
    const id = await sell(seller, ` ${vin.toLowerCase()} `, title);

    const [hold] = await holdsOf(id);
    expect(hold).toMatchObject({ reportId: theft.id, state: "held" });
    expect(await isPrivate(id)).toBe(true);
    expect(await theftAlarms(reporter.id)).toEqual([{ link: `/board/reportTheft/${theft.id}`, params: {} }]);
    expect(await theftAlarms(seller.id)).toEqual([]);
    // Nobody is alerted by keyword to a held listing.
    expect(
      await db
        .select()
        .from(job)
        .where(eq(job.dedupeKey, `market.keywordAlerts:${id}`)),
    ).toEqual([]);

    expect(await listed(id, title)).toBe(false);
    const { group } = await searchArea(db, other, title, "market", null);
    expect(group.items).toEqual([]);
    expect(await getListingPage(db, null, id, { views: views() })).toEqual({ state: "unavailable" });
    expect(await getListingPage(db, other, id, { views: views() })).toEqual({ state: "unavailable" });
    expect(await getListingPage(db, reporter, id, { views: views() })).toEqual({ state: "unavailable" });
    const offer = await makeOffer(db, clock, other, id, { price: 100_000, message: "" }).catch(
      (error: unknown) => error,
    );
    expect((offer as DomainError).code).toBe("not_found");

    // The seller still sees it, with a neutral notice that names neither the report nor its writer.
    const own = await getListingPage(db, seller, id, { views: views() });
    expect(own.state).toBe("found");
    const notice = await listingHoldNotice(db, seller, { id, sellerId: seller.id });
    expect(notice).toEqual({ hidden: true, reviewPath: null });
    expect(JSON.stringify(notice)).not.toContain(reporter.id);
    expect(await listingHoldNotice(db, other, { id, sellerId: seller.id })).toBeNull();
    expect(await listingHoldNotice(db, admin, { id, sellerId: seller.id })).toEqual({
      hidden: true,
      reviewPath: "/admin/theft",
    });
  });

  it("is held when an edit gives it a reported number", async () => {
    const vin = freshVin();
    await report(reporter, vin);
    const id = await sell(seller, null);
    expect(await holdsOf(id)).toEqual([]);
    expect(await isPrivate(id)).toBe(false);

    const input = await listingInput(db, "over125Scooter", { frameNumber: digest(vin) });
    await updateListing(db, clock, seller, id, input);
    expect((await holdsOf(id)).map((hold) => hold.state)).toEqual(["held"]);
    expect(await isPrivate(id)).toBe(true);
    expect(await theftAlarms(reporter.id)).toHaveLength(2);
  });

  it("is flagged by a report that arrives later, in the report's own unit of work", async () => {
    const vin = freshVin();
    const title = `가와사키 ${vin.slice(-4)} 판매`;
    const id = await sell(seller, vin, title);
    expect(await listed(id, title)).toBe(true);
    expect(
      await db
        .select()
        .from(job)
        .where(eq(job.dedupeKey, `market.keywordAlerts:${id}`)),
    ).toHaveLength(1);
    const legacyId = await sell(other, "MC22-1001234");

    const reporterAlarms = (await theftAlarms(reporter.id)).length;
    const theft = await report(reporter, vin.replace(/(.{5})/, "$1-"));
    expect((await holdsOf(id)).map((hold) => hold.reportId)).toEqual([theft.id]);
    expect(await isPrivate(id)).toBe(true);
    expect(await listed(id, title)).toBe(false);
    expect(await theftAlarms(reporter.id)).toHaveLength(reporterAlarms + 1);
    // Older frame numbers match in the same way, whichever way the hyphen and case were typed.
    await report(reporter, "mc22 - 1001234");
    expect((await holdsOf(legacyId)).map((hold) => hold.state)).toEqual(["held"]);
  });

  it("is not held by its own seller's report (a bike recovered and sold)", async () => {
    const seller = await insertMember(db);
    const vin = freshVin();
    await report(seller, vin);
    const id = await sell(seller, vin);
    expect(await holdsOf(id)).toEqual([]);
    expect(await isPrivate(id)).toBe(false);
  });

  it("stores only a keyed hash and the last four characters; no page data carries the number", async () => {
    const seller = await insertMember(db);
    const vin = freshVin();
    const id = await sell(seller, vin);
    const [stored] = await db.select().from(articleFrameNumber).where(eq(articleFrameNumber.articleId, id));
    expect(stored).toMatchObject({ role: "listing", format: "vin", tail: vin.slice(-4) });
    expect(stored!.digest).not.toBe(vin);
    expect(JSON.stringify(stored)).not.toContain(vin);
    expect(stored!.digest).toBe(digest(vin).digest);

    const page = await getListingPage(db, seller, id, { views: views() });
    const edit = await getListingForEdit(db, clock, seller, id);
    for (const data of [page, edit]) expect(JSON.stringify(data)).not.toContain(vin.slice(0, 8));
    expect(await frameNumberTailFor(db, seller, id)).toBe(vin.slice(-4));
    expect(await frameNumberTailFor(db, other, id)).toBeNull();
    expect(await frameNumberTailFor(db, null, id)).toBeNull();
  });
});

describe("an administrator's review of a hold", () => {
  it("releases a listing (public again) or keeps it hidden, audited; members may do neither", async () => {
    const reporter = await insertMember(db);
    const seller = await insertMember(db);
    const admin = await insertAdmin(db);
    const vin = freshVin();
    const title = `혼다 ${vin.slice(-4)} 판매`;
    const theft = await report(reporter, vin);
    const id = await sell(seller, vin, title);
    const [hold] = await holdsOf(id);

    const refused = await decideTheftHold(db, clock, seller, hold!.id, "release").catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe("forbidden");
    await expect(listTheftHolds(db, seller)).rejects.toThrow(DomainError);

    const queue = await listTheftHolds(db, admin);
    const row = queue.find((entry) => entry.id === hold!.id)!;
    expect(row).toMatchObject({
      state: "held",
      listing: { id, title, sellerNickname: seller.nickname, tail: vin.slice(-4) },
      report: { id: theft.id, reporterNickname: reporter.nickname, deleted: false },
      decisions: ["release", "keep"],
    });
    expect(JSON.stringify(queue)).not.toContain(vin.slice(0, 8));

    expect(await decideTheftHold(db, clock, admin, hold!.id, "keep")).toEqual({
      listingId: id,
      hidden: true,
    });
    expect(await isPrivate(id)).toBe(true);
    expect((await listTheftHolds(db, admin)).find((entry) => entry.id === hold!.id)?.decisions).toEqual([
      "release",
    ]);
    expect(await decideTheftHold(db, clock, admin, hold!.id, "release")).toEqual({
      listingId: id,
      hidden: false,
    });
    expect(await isPrivate(id)).toBe(false);
    expect(await listed(id, title)).toBe(true);
    expect((await listTheftHolds(db, admin)).some((entry) => entry.id === hold!.id)).toBe(false);

    const acts = await db
      .select({ action: adminAudit.action, adminId: adminAudit.adminId })
      .from(adminAudit)
      .where(and(eq(adminAudit.subjectKind, "listing"), eq(adminAudit.subjectId, String(id))))
      .orderBy(adminAudit.id);
    expect(acts).toEqual([
      { action: "market.theft_hold.keep", adminId: admin.id },
      { action: "market.theft_hold.release", adminId: admin.id },
    ]);
    // A released hold is decided: the same report does not hold the listing again when it is edited.
    await updateListing(
      db,
      clock,
      seller,
      id,
      await listingInput(db, "over125Scooter", { frameNumber: digest(vin) }),
    );
    expect(await isPrivate(id)).toBe(false);
  });

  it("keeps a listing hidden while another report's hold is still open", async () => {
    const admin = await insertAdmin(db);
    const seller = await insertMember(db);
    const vin = freshVin();
    await report(await insertMember(db), vin);
    await report(await insertMember(db), vin);
    const id = await sell(seller, vin);
    const [first, second] = await holdsOf(id);
    expect(await decideTheftHold(db, clock, admin, first!.id, "release")).toEqual({
      listingId: id,
      hidden: true,
    });
    expect(await isPrivate(id)).toBe(true);
    expect(await decideTheftHold(db, clock, admin, second!.id, "release")).toEqual({
      listingId: id,
      hidden: false,
    });
    const refused = await decideTheftHold(db, clock, admin, second!.id, "keep").catch(
      (error: unknown) => error,
    );
    expect((refused as DomainError).code).toBe("transition_not_allowed");
  });
});
