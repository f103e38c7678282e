import { and, asc, eq, inArray, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { marketListing, marketOffer, member, notification, transitionLog } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { addComment } from "#app/services/board/comments.server";
import { keepArticle } from "#app/services/board/reactions.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { OFFER_MESSAGE_MAX } from "./kinds";
import { deleteListing } from "./listings.server";
import {
  acceptOffer,
  declineOffer,
  listListingOffers,
  listMyOffers,
  makeOffer,
  myOpenOffer,
  withdrawOffer,
} from "./offers.server";
import { reserveListing, sellListing } from "./trade.server";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
const tick = () => clock.advance(60_000);

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

async function offer(buyer: TestMember, id: number, price = 100_000, message = "") {
  tick();
  return (await makeOffer(db, clock, buyer, id, { price, message })).id;
}

async function offerRow(id: number) {
  const [row] = await db.select().from(marketOffer).where(eq(marketOffer.id, id));
  return row!;
}

async function listingRow(id: number) {
  const [row] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
  return row!;
}

/** The transitions logged for these offers and this listing, in order (ids of offers and listings may coincide). */
const logOf = (offerIds: number[], listingId: number) =>
  db
    .select({
      machine: transitionLog.machine,
      transition: transitionLog.transition,
      role: transitionLog.actorKind,
    })
    .from(transitionLog)
    .where(
      or(
        and(
          eq(transitionLog.machine, "market_offer"),
          inArray(transitionLog.subjectId, offerIds.map(String)),
        ),
        and(eq(transitionLog.machine, "market_sale"), eq(transitionLog.subjectId, String(listingId))),
      ),
    )
    .orderBy(asc(transitionLog.id));

const notes = (recipientId: string, type?: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), type ? eq(notification.type, type) : undefined))
    .orderBy(asc(notification.id));

describe("a price offer", () => {
  it("is made on a negotiable sale, told to the seller, and shown to its maker as their open offer", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear", { title: "헬멧 팝니다", price: 150_000 });
    const offerId = await offer(buyer, id, 120_000, "  주말에 직거래 가능할까요?  ");
    expect(await offerRow(offerId)).toMatchObject({
      articleId: id,
      buyerId: buyer.id,
      price: 120_000,
      message: "주말에 직거래 가능할까요?",
      status: "open",
    });
    const [note] = await notes(seller.id, "marketOffer");
    expect(note).toMatchObject({
      actorId: buyer.id,
      params: { nickname: buyer.nickname, title: "헬멧 팝니다", price: 120_000 },
      link: `/market/gear/${id}`,
    });
    expect(await myOpenOffer(db, buyer, id)).toMatchObject({ id: offerId, price: 120_000 });
    expect(await myOpenOffer(db, seller, id)).toBeNull();
    expect(await myOpenOffer(db, null, id)).toBeNull();
    // The asking price itself is a valid offer.
    const other = await insertMember(db);
    expect(await outcome(makeOffer(db, clock, other, id, { price: 150_000, message: "" }))).toBe("ok");
  });

  it("is refused where the rules say no", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const sale = await insertListing(db, clock, seller, "gear", { price: 150_000 });
    const fixed = await insertListing(db, clock, seller, "gear", { negotiable: false });
    const free = await insertListing(db, clock, seller, "parts", { price: 0, negotiable: true });
    const wanted = await insertListing(db, clock, seller, "buy");
    const attempt = (id: number, price: number, message = "", actor = buyer) =>
      outcome(makeOffer(db, clock, actor, id, { price, message }));
    expect(await attempt(sale, 100_000, "", seller)).toBe("market.offer_own");
    expect(await attempt(wanted, 100_000)).toBe("market.offer_not_negotiable");
    expect(await attempt(fixed, 100_000)).toBe("market.offer_not_negotiable");
    expect(await attempt(free, 1)).toBe("market.offer_free");
    for (const price of [0, -1, 1.5, Number.NaN, Number.MAX_VALUE])
      expect(await attempt(sale, price)).toBe("market.offer_price_invalid");
    expect(await attempt(sale, 150_001)).toBe("market.offer_above_price");
    expect(await attempt(sale, 100_000, "가".repeat(OFFER_MESSAGE_MAX + 1))).toBe(
      "market.offer_message_length",
    );
    expect(await attempt(sale, 100_000, "가".repeat(OFFER_MESSAGE_MAX))).toBe("ok");
    expect(await attempt(sale, 90_000)).toBe("market.offer_open_exists");
    expect(await attempt(999_999_999, 1)).toBe("market.not_found");

    const commenter = await insertMember(db);
    await addComment(db, clock, commenter, sale, { content: "예약할게요" });
    await reserveListing(db, clock, seller, sale, commenter.id);
    const late = await insertMember(db);
    expect(await attempt(sale, 100_000, "", late)).toBe("market.listing_closed");
    const gone = await insertListing(db, clock, seller, "gear");
    await deleteListing(db, clock, seller, gone);
    expect(await attempt(gone, 100_000)).toBe("market.not_found");
    expect(await db.select().from(marketOffer).where(eq(marketOffer.buyerId, late.id))).toEqual([]);
  });

  it("is withdrawn by its maker only, and another may be made after", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const stranger = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await insertListing(db, clock, seller, "gear");
    const offerId = await offer(buyer, id);
    expect(await outcome(withdrawOffer(db, clock, stranger, offerId))).toBe("market.offer_not_found");
    expect(await outcome(withdrawOffer(db, clock, seller, offerId))).toBe("machine.transition_forbidden");
    expect(await outcome(withdrawOffer(db, clock, admin, offerId))).toBe("machine.transition_forbidden");
    expect(await outcome(withdrawOffer(db, clock, buyer, 999_999_999))).toBe("market.offer_not_found");
    await withdrawOffer(db, clock, buyer, offerId);
    expect((await offerRow(offerId)).status).toBe("withdrawn");
    expect(await outcome(withdrawOffer(db, clock, buyer, offerId))).toBe("market.offer_closed");
    expect(await myOpenOffer(db, buyer, id)).toBeNull();
    expect(await outcome(makeOffer(db, clock, buyer, id, { price: 90_000, message: "" }))).toBe("ok");
  });

  it("is declined by the seller only, and its maker is told", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await insertListing(db, clock, seller, "gear", { title: "장갑" });
    const offerId = await offer(buyer, id, 80_000);
    expect(await outcome(declineOffer(db, clock, buyer, offerId))).toBe("machine.transition_forbidden");
    expect(await outcome(declineOffer(db, clock, admin, offerId))).toBe("machine.transition_forbidden");
    await declineOffer(db, clock, seller, offerId);
    expect((await offerRow(offerId)).status).toBe("declined");
    expect(await notes(buyer.id, "marketOfferDeclined")).toMatchObject([
      { actorId: seller.id, params: { title: "장갑", price: 80_000 }, link: `/market/gear/${id}` },
    ]);
    expect(await outcome(declineOffer(db, clock, seller, offerId))).toBe("market.offer_closed");
    expect(await outcome(acceptOffer(db, clock, seller, offerId))).toBe("market.offer_closed");
  });

  it("accepted reserves the listing for its maker and declines the others, each side told once", async () => {
    const seller = await insertMember(db);
    const [winner, loser, keeper] = await Promise.all([1, 2, 3].map(() => insertMember(db)));
    const admin = await insertAdmin(db);
    const id = await insertListing(db, clock, seller, "gear", { title: "부츠" });
    await keepArticle(db, clock, keeper!, id);
    await keepArticle(db, clock, loser!, id);
    const accepted = await offer(winner!, id, 130_000);
    const declined = await offer(loser!, id, 110_000);
    expect(await outcome(acceptOffer(db, clock, winner!, accepted))).toBe("machine.transition_forbidden");
    expect(await outcome(acceptOffer(db, clock, admin, accepted))).toBe("machine.transition_forbidden");

    tick();
    await acceptOffer(db, clock, seller, accepted);
    expect((await offerRow(accepted)).status).toBe("accepted");
    expect(await offerRow(declined)).toMatchObject({ status: "declined" });
    expect(await listingRow(id)).toMatchObject({ status: "reserved", buyerId: winner!.id });
    expect(await logOf([accepted, declined], id)).toEqual([
      { machine: "market_offer", transition: "accept", role: "seller" },
      { machine: "market_sale", transition: "reserve", role: "seller" },
      { machine: "market_offer", transition: "decline", role: "system" },
    ]);

    expect(await notes(winner!.id, "marketOfferAccepted")).toMatchObject([
      { actorId: seller.id, params: { title: "부츠", price: 130_000 } },
    ]);
    expect(await notes(loser!.id, "marketOfferDeclined")).toMatchObject([{ params: { price: 110_000 } }]);
    // Each maker hears only the more specific news; the keeper hears of the reservation.
    expect(await notes(winner!.id, "marketStatus")).toEqual([]);
    expect(await notes(loser!.id, "marketStatus")).toEqual([]);
    expect(await notes(keeper!.id, "marketStatus")).toHaveLength(1);
  });

  it("accepted changes nothing when a later step is refused", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const other = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    const offerId = await offer(buyer, id);
    const otherId = await offer(other, id);
    // The maker withdrew from the site since: the reservation refuses them, after the offer was accepted.
    await db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, buyer.id));
    const before = await notes(other.id);
    expect(await outcome(acceptOffer(db, clock, seller, offerId))).toBe("market.buyer_invalid");
    expect((await offerRow(offerId)).status).toBe("open");
    expect((await offerRow(otherId)).status).toBe("open");
    expect(await listingRow(id)).toMatchObject({ status: "selling", buyerId: null });
    expect(await logOf([offerId, otherId], id)).toEqual([]);
    expect(await notes(other.id)).toEqual(before);
  });

  it("is refused acceptance once the listing is reserved", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const commenter = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    const offerId = await offer(buyer, id);
    await addComment(db, clock, commenter, id, { content: "제가 살게요" });
    await reserveListing(db, clock, seller, id, commenter.id);
    expect(await outcome(acceptOffer(db, clock, seller, offerId))).toBe("market.listing_closed");
    expect((await offerRow(offerId)).status).toBe("open");
  });

  it("list on the listing for its seller and administrators only, newest first", async () => {
    const seller = await insertMember(db);
    const first = await insertMember(db, { nickname: `첫제안${Date.now().toString(36)}` });
    const second = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await insertListing(db, clock, seller, "gear");
    const older = await offer(first, id, 90_000, "가능할까요");
    const newer = await offer(second, id, 95_000);
    await withdrawOffer(db, clock, second, newer);
    const listed = await listListingOffers(db, seller, id);
    expect(listed.map((o) => o.id)).toEqual([newer, older]);
    expect(listed[1]).toEqual({
      id: older,
      buyer: { id: first.id, nickname: first.nickname, avatarUrl: null },
      price: 90_000,
      message: "가능할까요",
      status: "open",
      transitions: ["accept", "decline"],
      createdAt: (await offerRow(older)).createdAt.toISOString(),
    });
    expect(listed[0]).toMatchObject({ status: "withdrawn", transitions: [] });
    expect((await listListingOffers(db, admin, id)).map((o) => o.id)).toEqual([newer, older]);
    for (const reader of [first, second, adminWithoutTwoFactor])
      expect(await outcome(listListingOffers(db, reader, id))).toBe("market.not_seller");
  });

  it("list as sent and received, a page of 20 at a time", async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear", {
      title: "바이크 커버",
      price: 50_000,
      contentHtml: '<p>커버</p><img src="/uploads/post/cover.webp">',
    });
    const makers = await Promise.all(Array.from({ length: 21 }, () => insertMember(db)));
    const ids = [];
    for (const maker of makers) ids.push(await offer(maker, id, 40_000));
    const mine = await offer(buyer, await insertListing(db, clock, seller, "parts"), 10_000);

    const first = await listMyOffers(db, seller, "received");
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ id: mine, listing: { kind: "parts" } });
    expect(first.items[1]).toEqual({
      id: ids[20],
      price: 40_000,
      status: "open",
      createdAt: (await offerRow(ids[20]!)).createdAt.toISOString(),
      buyer: { id: makers[20]!.id, nickname: makers[20]!.nickname, avatarUrl: null },
      listing: {
        id,
        kind: "gear",
        title: "바이크 커버",
        price: 50_000,
        imageUrl: "/uploads/post/cover.webp",
        status: "selling",
        path: `/market/gear/${id}`,
      },
    });
    const second = await listMyOffers(db, seller, "received", first.nextCursor);
    expect(second.items.map((o) => o.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect(await listMyOffers(db, seller, "received", "not-a-cursor")).toEqual(first);

    const sent = await listMyOffers(db, buyer, "sent");
    expect(sent.items).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({ id: mine, buyer: null, price: 10_000 });
    expect((await listMyOffers(db, buyer, "received")).items).toEqual([]);
    expect((await listMyOffers(db, makers[0]!, "sent")).items.map((o) => o.id)).toEqual([ids[0]]);
    // A deleted listing leaves the lists, its offers with it.
    await deleteListing(db, clock, seller, id);
    expect((await listMyOffers(db, seller, "received")).items.map((o) => o.id)).toEqual([mine]);
  });

  it(
    "is one open offer per member even when sent many times at once",
    { tags: ["concurrency"] },
    async () => {
      const seller = await insertMember(db);
      const buyer = await insertMember(db);
      const id = await insertListing(db, clock, seller, "gear");
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          outcome(makeOffer(db, clock, buyer, id, { price: 100_000 + n, message: "" })),
        ),
      );
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "ok").every((o) => o === "market.offer_open_exists")).toBe(true);
      expect(await db.select().from(marketOffer).where(eq(marketOffer.articleId, id))).toHaveLength(1);
      expect(await notes(seller.id, "marketOffer")).toHaveLength(1);
    },
  );

  it("never stays open on a listing sold while it was made", { tags: ["concurrency"] }, async () => {
    const seller = await insertMember(db);
    const buyer = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    await addComment(db, clock, buyer, id, { content: "제가 살게요" });
    const bidders = await Promise.all(Array.from({ length: 7 }, () => insertMember(db)));
    const outcomes = await Promise.all([
      outcome(sellListing(db, clock, seller, id, buyer.id)),
      ...bidders.map((bidder) => outcome(makeOffer(db, clock, bidder, id, { price: 100_000, message: "" }))),
    ]);
    expect(outcomes[0]).toBe("ok");
    for (const made of outcomes.slice(1)) expect(made).toMatch(/^(ok|market\.listing_closed)$/);
    const open = await db
      .select()
      .from(marketOffer)
      .where(and(eq(marketOffer.articleId, id), eq(marketOffer.status, "open")));
    expect(open).toEqual([]);
  });

  it(
    "accepted at once with another offer on one listing: exactly one acceptance wins",
    { tags: ["concurrency"] },
    async () => {
      const seller = await insertMember(db);
      const first = await insertMember(db);
      const second = await insertMember(db);
      const id = await insertListing(db, clock, seller, "gear");
      const offers = [await offer(first, id), await offer(second, id)];
      // Each acceptance is sent a few times, as double clicks do, so that the calls overlap on the pool's connections.
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, n) => outcome(acceptOffer(db, clock, seller, offers[n % 2]!))),
      );
      expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
      for (const refused of outcomes.filter((o) => o !== "ok"))
        expect(refused).toMatch(/^market\.(listing_closed|offer_closed)$/);
      const rows = await db.select().from(marketOffer).where(eq(marketOffer.articleId, id));
      expect(rows.map((row) => row.status).sort()).toEqual(["accepted", "declined"]);
      const winner = rows.find((row) => row.status === "accepted")!;
      expect(await listingRow(id)).toMatchObject({ status: "reserved", buyerId: winner.buyerId });
    },
  );
});
