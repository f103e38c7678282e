import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { boardArticle, boardComment, marketListing, marketOffer, member } from "#app/db/schema";
import { actorOf } from "#app/services/actor";
import { listCategories } from "#app/services/board/articles.server";
import { displacementFits } from "#app/services/market/listing.schema";
import { isVehicleKind, marketKinds, VEHICLE_LISTING_LIMIT } from "#app/services/market/kinds";
import { countOpenVehicleListings, createListing } from "#app/services/market/listings.server";
import { createTestRuntime, DEMO_SEED_TIMEOUT } from "#tests/setup/runtime";
import { seedDemoMarket } from "./demo-market.server";
import { seedDemoMembers } from "./demo-members.server";

describe("demo market listings", () => {
  it("needs the demo members", async () => {
    const runtime = await createTestRuntime();
    expect(await seedDemoMarket(runtime)).toBe(0);
  });

  it(
    "fills every kind once, marked as demo, with photos, comments and a reserved and a sold listing",
    { timeout: DEMO_SEED_TIMEOUT },
    async () => {
      const runtime = await createTestRuntime();
      const { db, storage, clock } = runtime;
      await seedDemoMembers(runtime);
      const created = await seedDemoMarket(runtime);
      expect(created).toBeGreaterThanOrEqual(marketKinds.length);
      expect(await seedDemoMarket(runtime)).toBe(0);

      const rows = await db
        .select({ listing: marketListing, article: boardArticle })
        .from(marketListing)
        .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId));
      expect(rows).toHaveLength(created);
      expect(new Set(rows.map((row) => row.listing.kind))).toEqual(new Set(marketKinds));

      const now = clock.now().getTime();
      for (const { listing, article } of rows) {
        expect(listing.demo && article.demo, article.title).toBe(true);
        expect(article.title.startsWith("[데모] "), article.title).toBe(true);
        expect(article.section).toBe("market");
        // The cover is the first photo, stored like an upload.
        const cover = article.thumbnailUrl;
        expect(cover, article.title).toMatch(/^\/uploads\/post\//);
        expect(await storage.get(cover!.replace(/^\/uploads\//, "")), article.title).toBeDefined();
        const photos = article.contentHtml.match(/<img /g)?.length ?? 0;
        expect(photos, article.title).toBeGreaterThanOrEqual(1);
        expect(photos, article.title).toBeLessThanOrEqual(3);
        expect(listing.bumpedAt.getTime()).toBe(article.createdAt.getTime());
        expect(listing.bumpedAt.getTime()).toBeLessThan(now);
        if (isVehicleKind(listing.kind)) {
          expect(listing.modelName, article.title).toBeTruthy();
          expect(displacementFits(listing.kind, listing.displacementCc!), article.title).toBe(true);
        }
        const [comments] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(boardComment)
          .where(eq(boardComment.articleId, article.id));
        expect(article.commentCount, article.title).toBe(comments!.n);
      }
      const days = new Set(
        rows.map(({ article }) => Math.floor((now - article.createdAt.getTime()) / 86_400_000)),
      );
      expect(days.size).toBeGreaterThan(3);
      expect(rows.some(({ listing }) => listing.price === 0)).toBe(true);
      expect(
        rows
          .filter(({ listing }) => listing.kind === "buy")
          .every(({ listing }) => listing.status === "buying"),
      ).toBe(true);

      const sellers = new Set(rows.map(({ listing }) => listing.sellerId));
      for (const seller of sellers)
        expect(await countOpenVehicleListings(db, seller)).toBeLessThanOrEqual(VEHICLE_LISTING_LIMIT);

      const comments = await db.select().from(boardComment);
      expect(comments.length).toBeGreaterThan(0);
      expect(comments.every((comment) => comment.demo)).toBe(true);
      for (const status of ["reserved", "soldOut"] as const) {
        const traded = rows.filter(({ listing }) => listing.status === status);
        expect(traded, status).toHaveLength(1);
        const { listing } = traded[0]!;
        expect(listing.buyerId).not.toBe(listing.sellerId);
        expect(
          comments.some((c) => c.articleId === listing.articleId && c.authorId === listing.buyerId),
        ).toBe(true);
        if (status === "soldOut") expect(listing.soldAt).not.toBeNull();
      }
      expect(await db.select().from(marketOffer).where(eq(marketOffer.status, "open"))).toHaveLength(1);
    },
  );

  it("writes nothing when a listing already exists", async () => {
    const runtime = await createTestRuntime();
    const { db, clock } = runtime;
    await seedDemoMembers(runtime);
    const [someone] = await db
      .select({ id: member.id })
      .from(member)
      .where(isNull(member.withdrawnAt))
      .limit(1);
    const [category] = await listCategories(db, "gear");
    await createListing(db, clock, actorOf({ id: someone!.id, role: "member", twoFactorEnabled: false }), {
      kind: "gear",
      categoryId: category!.id,
      title: "장갑 팝니다",
      contentHtml: "<p>한 번 썼어요.</p>",
      price: 20_000,
      negotiable: false,
      tradeDirect: true,
      tradeDelivery: false,
      areaCode: "seoul-mapo",
    });

    expect(await seedDemoMarket(runtime)).toBe(0);
    expect(await db.select().from(marketListing)).toHaveLength(1);
  });
});
