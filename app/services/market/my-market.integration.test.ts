import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { marketListing, marketOffer } from "#app/db/schema";
import { FixedClock, systemClock } from "#app/platform/clock.server";
import type { Actor } from "#app/services/actor";
import { createArticle, listCategories } from "#app/services/board/articles.server";
import { addComment } from "#app/services/board/comments.server";
import { listMyArticles, listMyComments } from "#app/services/board/my-activity.server";
import { insertMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { createTestRuntime } from "#tests/setup/runtime";
import { deleteListing } from "./listings.server";
import { listMyListings, listMyMarketComments, listMyMarketPosts } from "./my-market.server";

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestRuntime());
});

const clock = systemClock;
const at = (minute: number) => new FixedClock(new Date(Date.UTC(2026, 0, 1, 0, minute)));
const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);

async function boardPost(author: Actor) {
  const [category] = await listCategories(db, "free");
  const { id } = await createArticle(db, clock, author, {
    kind: "free",
    categoryId: category!.id,
    title: "게시판 글",
    contentHtml: "<p>게시판 본문</p>",
    isPrivate: false,
  });
  return id;
}

async function offer(articleId: number, buyer: Actor, status: "open" | "declined" = "open") {
  await db
    .insert(marketOffer)
    .values({ articleId, buyerId: buyer.id, price: 100_000, status, createdAt: new Date() });
}

describe("my listings", () => {
  it("are my live listings, newest first, open or closed, with the offers waiting on each", async () => {
    const me = await insertMember(db);
    const other = await insertMember(db);
    const buyers = [await insertMember(db), await insertMember(db), await insertMember(db)];
    const selling = await insertListing(db, at(1), me, "gear", {
      contentHtml: '<p>사진</p><img src="/uploads/post/cover.webp">',
    });
    const reserved = await insertListing(db, at(2), me, "parts");
    const sold = await insertListing(db, at(3), me, "parts");
    const bought = await insertListing(db, at(4), me, "buy");
    const gone = await insertListing(db, at(5), me, "gear");
    await insertListing(db, at(6), other, "gear");
    await boardPost(me);
    await db.update(marketListing).set({ status: "reserved" }).where(eq(marketListing.articleId, reserved));
    await db.update(marketListing).set({ status: "soldOut" }).where(eq(marketListing.articleId, sold));
    await db.update(marketListing).set({ status: "bought" }).where(eq(marketListing.articleId, bought));
    await deleteListing(db, clock, me, gone);
    await offer(selling, buyers[0]!);
    await offer(selling, buyers[1]!);
    await offer(selling, buyers[2]!, "declined");
    await offer(reserved, buyers[0]!);

    const all = await listMyListings(db, me);
    expect(ids(all)).toEqual([bought, sold, reserved, selling]);
    expect(all.rows.find((row) => row.id === selling)).toEqual({
      id: selling,
      kind: "gear",
      title: "gear 매물",
      thumbnailUrl: "/uploads/post/cover.webp",
      status: "selling",
      price: 150_000,
      negotiable: true,
      areaCode: "seoul-yeongdeungpo",
      likeCount: 0,
      commentCount: 0,
      keepCount: 0,
      viewCount: 0,
      openOfferCount: 2,
      bumpCount: 0,
      bumpedAt: "2026-01-01T00:01:00.000Z",
      createdAt: "2026-01-01T00:01:00.000Z",
    });
    expect(all.rows.find((row) => row.id === reserved)!.openOfferCount).toBe(1);
    expect(ids(await listMyListings(db, me, { status: "open" }))).toEqual([reserved, selling]);
    expect(ids(await listMyListings(db, me, { status: "closed" }))).toEqual([bought, sold]);
  });

  it("page by their cursor without gaps", async () => {
    const me = await insertMember(db);
    const written: number[] = [];
    // Six minutes apart: ten an hour, the seller's pace.
    for (let minute = 0; minute < 23; minute += 1)
      written.push(await insertListing(db, at(minute * 6), me, "gear"));
    const first = await listMyListings(db, me);
    expect(first.rows).toHaveLength(20);
    const second = await listMyListings(db, me, { cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...ids(first), ...ids(second)]).toEqual(written.reverse());
  });
});

describe("the market tabs of /my/article and the board tabs beside them", () => {
  it("list my market posts as list cards, and keep them out of the board tab", async () => {
    const me = await insertMember(db);
    const post = await boardPost(me);
    const first = await insertListing(db, at(1), me, "gear");
    const second = await insertListing(db, at(2), me, "over125Manual");
    await db.update(marketListing).set({ status: "soldOut" }).where(eq(marketListing.articleId, second));
    const gone = await insertListing(db, at(3), me, "parts");
    await deleteListing(db, clock, me, gone);

    const market = await listMyMarketPosts(db, me, null);
    expect(ids(market)).toEqual([second, first]);
    expect(market.rows[0]).toMatchObject({
      kind: "over125Manual",
      status: "soldOut",
      price: 150_000,
      vehicle: { modelYear: 2022, mileageKm: 12_000, displacementCc: 330 },
      seller: { id: me.id, nickname: me.nickname },
      blinded: false,
    });
    expect(ids(await listMyArticles(db, me, null))).toEqual([post]);
  });

  it("list my comments on listings with each listing's title and page, and keep them out of the board tab", async () => {
    const me = await insertMember(db);
    const seller = await insertMember(db);
    const listing = await insertListing(db, at(1), seller, "gear", { title: "헬멧 팝니다" });
    const deleted = await insertListing(db, at(2), seller, "buy", { title: "장갑 삽니다" });
    const post = await boardPost(seller);
    const onBoard = await addComment(db, at(10), me, post, { content: "게시판 댓글" });
    const onListing = await addComment(db, at(11), me, listing, { content: "아직 있나요?" });
    const onDeleted = await addComment(db, at(12), me, deleted, { content: "얼마에 사세요?" });
    await addComment(db, at(13), seller, listing, { content: "네 있어요" });
    await deleteListing(db, clock, seller, deleted);

    const market = await listMyMarketComments(db, me, null);
    expect(market.rows).toEqual([
      {
        id: onDeleted.comment.id,
        preview: "얼마에 사세요?",
        createdAt: "2026-01-01T00:12:00.000Z",
        listing: {
          id: deleted,
          kind: "buy",
          title: null,
          path: `/market/buy/${deleted}`,
          status: "buying",
          deleted: true,
        },
      },
      {
        id: onListing.comment.id,
        preview: "아직 있나요?",
        createdAt: "2026-01-01T00:11:00.000Z",
        listing: {
          id: listing,
          kind: "gear",
          title: "헬멧 팝니다",
          path: `/market/gear/${listing}`,
          status: "selling",
          deleted: false,
        },
      },
    ]);
    expect(market.nextCursor).toBeNull();
    expect((await listMyComments(db, me, null)).rows.map((row) => row.id)).toEqual([onBoard.comment.id]);
  });
});
