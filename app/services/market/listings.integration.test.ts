import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { boardArticle, contentReport, marketListing, marketOffer } from "#app/db/schema";
import { systemClock } from "#app/platform/clock.server";
import { CounterBuffer } from "#app/platform/counter-buffer.server";
import { deleteArticle, updateArticle } from "#app/services/board/articles.server";
import { listBoardArticles } from "#app/services/board/list.server";
import { reportArticle, resolveReport } from "#app/services/board/reports.server";
import { makeOffer } from "./offers.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember } from "#tests/setup/members";
import { insertListing, listingInput } from "#tests/setup/market";
import {
  countOpenVehicleListings,
  createListing,
  deleteListing,
  getListingForEdit,
  getListingPage,
  updateListing,
} from "./listings.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
  );

const clock = systemClock;

describe("a listing", () => {
  it("is stored as a market article with its listing row, sanitised, starting as selling", async () => {
    const seller = await insertMember(db);
    const input = await listingInput(db, "over125Scooter", {
      title: "  포르자 350 팝니다 ",
      contentHtml:
        '<p onclick="x()">깨끗합니다</p><img src="/uploads/post/cover.webp"><img src="/uploads/post/b.webp">',
      price: 5_200_000,
    });
    const { id, kind } = await createListing(db, clock, seller, input);
    expect(kind).toBe("over125Scooter");
    const [article] = await db.select().from(boardArticle).where(eq(boardArticle.id, id));
    expect(article).toMatchObject({
      section: "market",
      kind: "over125Scooter",
      title: "포르자 350 팝니다",
      thumbnailUrl: "/uploads/post/cover.webp",
    });
    expect(article!.contentHtml).not.toContain("onclick");
    const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
    expect(listing).toMatchObject({
      status: "selling",
      price: 5_200_000,
      negotiable: true,
      areaCode: "seoul-yeongdeungpo",
      modelName: "포르자 350",
      displacementCc: 330,
      paperwork: ["registration"],
      sellerId: seller.id,
    });
    expect(listing!.bumpedAt.getTime()).toBe(article!.createdAt.getTime());
  });

  it("starts a wanted post as buying, and keeps no vehicle information outside the vehicle kinds", async () => {
    const seller = await insertMember(db);
    const base = await listingInput(db, "over125Manual");
    const id = await insertListing(db, clock, seller, "buy", { vehicle: base.vehicle });
    const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
    expect(listing).toMatchObject({ status: "buying", modelName: null, paperwork: null });
  });

  it("makes a free giveaway non-negotiable", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts", { price: 0, negotiable: true });
    const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
    expect(listing).toMatchObject({ price: 0, negotiable: false });
  });

  it("refuses what breaks the rules, on the server", async () => {
    const seller = await insertMember(db);
    const gear = await listingInput(db, "gear");
    const parts = await listingInput(db, "parts");
    const scooter = await listingInput(db, "under125Scooter");
    const attempt = (input: typeof gear) => code(createListing(db, clock, seller, input));
    expect(await attempt({ ...gear, kind: "nope" })).toBe("kind_invalid");
    expect(await attempt({ ...gear, categoryId: null })).toBe("category_required");
    expect(await attempt({ ...gear, categoryId: parts.categoryId })).toBe("category_required");
    expect(await attempt({ ...gear, title: " " })).toBe("title_required");
    expect(await attempt({ ...gear, contentHtml: "<p> </p>" })).toBe("content_required");
    expect(await attempt({ ...gear, price: -1 })).toBe("price_invalid");
    expect(await attempt({ ...gear, price: 1.5 })).toBe("price_invalid");
    expect(await attempt({ ...gear, price: 1_000_000_001 })).toBe("price_invalid");
    expect(await attempt({ ...gear, tradeDirect: false, tradeDelivery: false })).toBe(
      "trade_method_required",
    );
    expect(await attempt({ ...gear, areaCode: "seoul" })).toBe("area_invalid");
    expect(await attempt({ ...gear, areaCode: "atlantis" })).toBe("area_invalid");
    expect(await attempt({ ...scooter, vehicle: null })).toBe("model_required");
    expect(await attempt({ ...scooter, vehicle: { ...scooter.vehicle!, modelName: " " } })).toBe(
      "model_required",
    );
    expect(await attempt({ ...scooter, vehicle: { ...scooter.vehicle!, displacementCc: 300 } })).toBe(
      "displacement_kind",
    );
    expect(await attempt({ ...scooter, vehicle: { ...scooter.vehicle!, modelYear: 1899 } })).toBe(
      "model_year_invalid",
    );
    expect(await attempt({ ...scooter, vehicle: { ...scooter.vehicle!, mileageKm: -5 } })).toBe(
      "mileage_invalid",
    );
    const images = '<img src="/uploads/post/a.webp">'.repeat(11);
    expect(await attempt({ ...gear, contentHtml: images })).toBe("too_many_images");
    const [rows] = await db
      .select({ n: boardArticle.id })
      .from(boardArticle)
      .where(eq(boardArticle.authorId, seller.id));
    expect(rows).toBeUndefined();
  });

  it("allows at most three open vehicle sale listings; a sold or deleted one frees its place", async () => {
    const seller = await insertMember(db);
    const ids = [];
    for (const kind of ["over125Manual", "under125Scooter", "over125Scooter"] as const)
      ids.push(await insertListing(db, clock, seller, kind));
    expect(await countOpenVehicleListings(db, seller.id)).toBe(3);
    expect(await code(insertListing(db, clock, seller, "under125Manual"))).toBe("listing_limit");
    // Other kinds and wanted posts do not count.
    await insertListing(db, clock, seller, "gear");
    await insertListing(db, clock, seller, "buy");
    await deleteListing(db, clock, seller, ids[0]!);
    expect(await countOpenVehicleListings(db, seller.id)).toBe(2);
    const fourth = await insertListing(db, clock, seller, "under125Manual");
    await db.update(marketListing).set({ status: "soldOut" }).where(eq(marketListing.articleId, fourth));
    await insertListing(db, clock, seller, "under125Manual");
    expect(await code(insertListing(db, clock, seller, "under125Manual"))).toBe("listing_limit");
    // Moving a gear listing into a vehicle kind counts too.
    const gear = await insertListing(db, clock, seller, "parts");
    const moved = await listingInput(db, "over125Manual");
    expect(await code(updateListing(db, clock, seller, gear, moved))).toBe("listing_limit");
  });

  it(
    "holds the vehicle limit under 100 simultaneous writes by one member",
    { tags: ["concurrency"] },
    async () => {
      const seller = await insertMember(db);
      const input = await listingInput(db, "over125Manual");
      const outcomes = await Promise.all(
        Array.from({ length: 100 }, () => code(createListing(db, clock, seller, input))),
      );
      expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(3);
      expect(
        outcomes.filter((outcome) => outcome !== "ok").every((outcome) => outcome === "listing_limit"),
      ).toBe(true);
      expect(await countOpenVehicleListings(db, seller.id)).toBe(3);
    },
  );

  it("is edited and deleted by its seller or an administrator only, never through the boards", async () => {
    const seller = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await insertListing(db, clock, seller, "gear");
    const input = await listingInput(db, "gear", { title: "가격 내림", price: 90_000 });
    expect(await code(updateListing(db, clock, other, id, input))).toBe("not_seller");
    expect(await code(updateListing(db, clock, adminWithoutTwoFactor, id, input))).toBe("not_seller");
    expect(await code(getListingForEdit(db, clock, other, id))).toBe("not_seller");
    expect(await code(deleteListing(db, clock, other, id))).toBe("not_seller");
    expect(
      await code(
        updateArticle(db, clock, seller, id, {
          categoryId: null,
          title: "x",
          contentHtml: "<p>x</p>",
          isPrivate: false,
        }),
      ),
    ).toBe("not_found");
    expect(await code(deleteArticle(db, clock, seller, id))).toBe("not_found");
    await updateListing(db, clock, admin, id, input);
    expect(await getListingForEdit(db, clock, seller, id)).toMatchObject({
      title: "가격 내림",
      price: 90_000,
    });
    // A sale moves to another sale kind, never to the wanted posts.
    const parts = await listingInput(db, "parts");
    expect(await updateListing(db, clock, seller, id, parts)).toEqual({ id, kind: "parts" });
    expect(await code(updateListing(db, clock, seller, id, await listingInput(db, "buy")))).toBe(
      "kind_family",
    );
    await deleteListing(db, clock, seller, id);
    expect(await code(deleteListing(db, clock, seller, id))).toBe("not_found");
    const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
    expect(listing!.deletedAt).not.toBeNull();
  });

  it("has a page: found with its reader's marks, elsewhere under another kind, missing once deleted", async () => {
    const seller = await insertMember(db);
    const reader = await insertMember(db);
    const id = await insertListing(db, clock, seller, "over125Manual");
    const views = new CounterBuffer();
    const page = await getListingPage(db, reader, id, { kind: "over125Manual", views });
    expect(page.state).toBe("found");
    if (page.state !== "found") return;
    expect(page.listing).toMatchObject({ status: "selling", mine: false, canManage: false, viewCount: 1 });
    expect(page.listing.vehicle.modelName).toBe("포르자 350");
    expect(await getListingPage(db, seller, id, { kind: "gear", views })).toEqual({
      state: "elsewhere",
      kind: "over125Manual",
      id,
    });
    await deleteListing(db, clock, seller, id);
    expect((await getListingPage(db, reader, id, { views })).state).toBe("missing");
  });

  it("leaves the market when an administrator removes it from the report queue, closing its open offers", async () => {
    const seller = await insertMember(db);
    const reporter = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await insertListing(db, clock, seller, "parts");
    await makeOffer(db, clock, reporter, id, { price: 100_000, message: "" });
    await reportArticle(db, clock, reporter, id, "도난품으로 의심됩니다");
    const [report] = await db.select().from(contentReport).where(eq(contentReport.targetId, id));
    await resolveReport(db, clock, admin, report!.id, "delete");
    const [listing] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
    expect(listing!.deletedAt).not.toBeNull();
    const offers = await db.select().from(marketOffer).where(eq(marketOffer.articleId, id));
    expect(offers.map((offer) => offer.status)).toEqual(["closed"]);
    expect((await getListingPage(db, reporter, id, { views: new CounterBuffer() })).state).toBe("missing");
  });

  it("stays out of the boards' total list", async () => {
    const seller = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts", { title: "보드에 없어야 할 매물" });
    const page = await listBoardArticles(db, null, new Set(), { kind: "total", sort: "latest" });
    expect(page.rows.map((row) => row.id)).not.toContain(id);
  });
});
