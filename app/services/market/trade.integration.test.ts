import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server";
import { marketListing, marketOffer, member, notification, transitionLog } from "#app/db/schema";
import { FixedClock } from "#app/platform/clock.server";
import { addComment, COMMENT_REPEAT_MS, deleteComment } from "#app/services/board/comments.server";
import { keepArticle } from "#app/services/board/reactions.server";
import { DomainError } from "#app/services/errors";
import { createTestRuntime } from "#tests/setup/runtime";
import { insertAdmin, insertMember, type TestMember } from "#tests/setup/members";
import { insertListing } from "#tests/setup/market";
import { deleteListing } from "./listings.server";
import { acceptOffer, makeOffer } from "./offers.server";
import {
  completeWanted,
  confirmPurchase,
  listBuyerCandidates,
  listingActions,
  releaseListing,
  reserveListing,
  sellListing,
} from "./trade.server";

let db: Database;
const clock = new FixedClock(new Date("2026-03-02T01:00:00Z"));
/** Every interaction a little after the previous one, so "newest first" is well defined. */
const tick = () => clock.advance(COMMENT_REPEAT_MS + 1000);

beforeAll(async () => {
  ({ db } = await createTestRuntime({ clock }));
});

/** "ok", or the refusal as area.code. */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof DomainError ? `${error.area}.${error.code}` : String(error)),
  );

async function listingRow(id: number) {
  const [row] = await db.select().from(marketListing).where(eq(marketListing.articleId, id));
  return row!;
}

async function comment(reader: TestMember, id: number, content = "아직 있나요?") {
  tick();
  return addComment(db, clock, reader, id, { content });
}

async function offer(buyer: TestMember, id: number, price = 100_000) {
  tick();
  return makeOffer(db, clock, buyer, id, { price, message: "" });
}

const statusNotes = (recipientId: string) =>
  db
    .select()
    .from(notification)
    .where(and(eq(notification.recipientId, recipientId), eq(notification.type, "marketStatus")))
    .orderBy(asc(notification.id));

describe("a trade", () => {
  it("reserves a listing for a candidate, releases it, and sells it to a candidate, closing the open offers", async () => {
    const seller = await insertMember(db);
    const commenter = await insertMember(db);
    const bidder = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    await comment(commenter, id);
    const { id: offerId } = await offer(bidder, id);

    tick();
    expect(await reserveListing(db, clock, seller, id, commenter.id)).toEqual({
      id,
      kind: "gear",
      status: "reserved",
    });
    expect(await listingRow(id)).toMatchObject({ status: "reserved", buyerId: commenter.id, soldAt: null });

    tick();
    await releaseListing(db, clock, seller, id);
    expect(await listingRow(id)).toMatchObject({ status: "selling", buyerId: null });

    tick();
    await sellListing(db, clock, seller, id, bidder.id);
    const sold = await listingRow(id);
    expect(sold).toMatchObject({ status: "soldOut", buyerId: bidder.id });
    expect(sold.soldAt?.getTime()).toBe(clock.now().getTime());
    const [closed] = await db.select().from(marketOffer).where(eq(marketOffer.id, offerId));
    expect(closed!.status).toBe("closed");

    const log = await db
      .select({ transition: transitionLog.transition, role: transitionLog.actorKind })
      .from(transitionLog)
      .where(and(eq(transitionLog.machine, "market_sale"), eq(transitionLog.subjectId, String(id))))
      .orderBy(asc(transitionLog.id));
    expect(log).toEqual([
      { transition: "reserve", role: "seller" },
      { transition: "release", role: "seller" },
      { transition: "sell", role: "seller" },
    ]);
    // Sold is final.
    expect(await outcome(releaseListing(db, clock, seller, id))).toBe("machine.transition_not_allowed");
  });

  it("sells a reserved listing, to the member it was reserved for or another candidate", async () => {
    const seller = await insertMember(db);
    const first = await insertMember(db);
    const second = await insertMember(db);
    const id = await insertListing(db, clock, seller, "parts");
    await comment(first, id);
    await comment(second, id);
    await reserveListing(db, clock, seller, id, first.id);
    await sellListing(db, clock, seller, id, second.id);
    expect(await listingRow(id)).toMatchObject({ status: "soldOut", buyerId: second.id });
  });

  it("counts a named buyer as the trade's buyer only after an accepted offer or their own confirmation", async () => {
    const seller = await insertMember(db);
    const commenter = await insertMember(db);
    const other = await insertMember(db);
    const confirmedAt = async (id: number) => (await listingRow(id)).buyerConfirmedAt;
    const id = await insertListing(db, clock, seller, "parts");
    await comment(commenter, id);
    await comment(other, id);
    await reserveListing(db, clock, seller, id, commenter.id);
    expect(await confirmedAt(id)).toBeNull();
    await confirmPurchase(db, clock, commenter, id);
    expect(await confirmedAt(id)).toEqual(clock.now());
    tick();
    await sellListing(db, clock, seller, id, commenter.id);
    expect(await confirmedAt(id)).not.toBeNull();

    const switched = await insertListing(db, clock, seller, "parts");
    await comment(commenter, switched);
    await comment(other, switched);
    await reserveListing(db, clock, seller, switched, commenter.id);
    await confirmPurchase(db, clock, commenter, switched);
    await sellListing(db, clock, seller, switched, other.id);
    expect(await listingRow(switched)).toMatchObject({ buyerId: other.id, buyerConfirmedAt: null });

    const released = await insertListing(db, clock, seller, "parts");
    await comment(commenter, released);
    await reserveListing(db, clock, seller, released, commenter.id);
    await confirmPurchase(db, clock, commenter, released);
    await releaseListing(db, clock, seller, released);
    expect(await listingRow(released)).toMatchObject({ buyerId: null, buyerConfirmedAt: null });
    expect(await outcome(confirmPurchase(db, clock, commenter, released))).toBe("market.purchase_not_buyer");

    const offered = await insertListing(db, clock, seller, "parts");
    const { id: offerId } = await offer(other, offered);
    await acceptOffer(db, clock, seller, offerId);
    expect(await listingRow(offered)).toMatchObject({ status: "reserved", buyerId: other.id });
    expect(await confirmedAt(offered)).not.toBeNull();
  });

  it("marks a wanted post bought, and keeps the sale steps and the wanted step apart", async () => {
    const writer = await insertMember(db);
    const reader = await insertMember(db);
    const wanted = await insertListing(db, clock, writer, "buy");
    const sale = await insertListing(db, clock, writer, "gear");
    await comment(reader, wanted);
    expect(await outcome(reserveListing(db, clock, writer, wanted, reader.id))).toBe(
      "machine.transition_not_allowed",
    );
    expect(await outcome(sellListing(db, clock, writer, wanted, reader.id))).toBe(
      "machine.transition_not_allowed",
    );
    expect(await outcome(completeWanted(db, clock, writer, sale))).toBe("machine.transition_not_allowed");
    expect(await outcome(completeWanted(db, clock, reader, wanted))).toBe("machine.transition_forbidden");
    tick();
    expect(await completeWanted(db, clock, writer, wanted)).toEqual({
      id: wanted,
      kind: "buy",
      status: "bought",
    });
    const row = await listingRow(wanted);
    expect(row.status).toBe("bought");
    expect(row.soldAt?.getTime()).toBe(clock.now().getTime());
    expect(await outcome(completeWanted(db, clock, writer, wanted))).toBe("machine.transition_not_allowed");
  });

  it("is taken by the seller or an acting administrator only; the machine refuses everybody else", async () => {
    const seller = await insertMember(db);
    const candidate = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await insertListing(db, clock, seller, "gear");
    await comment(candidate, id);
    for (const actor of [other, candidate, adminWithoutTwoFactor]) {
      expect(await outcome(reserveListing(db, clock, actor, id, candidate.id))).toBe(
        "machine.transition_forbidden",
      );
      expect(await outcome(sellListing(db, clock, actor, id, candidate.id))).toBe(
        "machine.transition_forbidden",
      );
    }
    expect((await listingRow(id)).status).toBe("selling");
    await reserveListing(db, clock, admin, id, candidate.id);
    expect(await outcome(releaseListing(db, clock, other, id))).toBe("machine.transition_forbidden");
    await releaseListing(db, clock, admin, id);
    const [log] = await db
      .select({ role: transitionLog.actorKind, actorId: transitionLog.actorId })
      .from(transitionLog)
      .where(
        and(
          eq(transitionLog.machine, "market_sale"),
          eq(transitionLog.subjectId, String(id)),
          eq(transitionLog.transition, "reserve"),
        ),
      );
    expect(log).toEqual({ role: "admin", actorId: admin.id });
  });

  it("needs a buyer who showed interest: an offer or a comment, not the seller, not a withdrawn member", async () => {
    const seller = await insertMember(db);
    const stranger = await insertMember(db);
    const gone = await insertMember(db);
    const deleter = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    await comment(seller, id, "네 있습니다");
    await comment(gone, id);
    const removed = await comment(deleter, id, "지울 댓글");
    await deleteComment(db, clock, deleter, removed.comment.id);
    await db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, gone.id));
    expect(await outcome(reserveListing(db, clock, seller, id, null))).toBe("market.buyer_required");
    expect(await outcome(sellListing(db, clock, seller, id, ""))).toBe("market.buyer_required");
    for (const buyer of [stranger, seller, gone, deleter])
      expect(await outcome(sellListing(db, clock, seller, id, buyer.id))).toBe("market.buyer_invalid");
    expect(await outcome(reserveListing(db, clock, seller, id, "no-such-member"))).toBe(
      "market.buyer_invalid",
    );
    // A refused step leaves the listing as it was, its transition rolled back with it.
    expect(await listingRow(id)).toMatchObject({ status: "selling", buyerId: null, soldAt: null });
    expect(
      await db
        .select()
        .from(transitionLog)
        .where(and(eq(transitionLog.machine, "market_sale"), eq(transitionLog.subjectId, String(id)))),
    ).toEqual([]);
  });

  it("is not_found once the listing is deleted, or for an unknown id", async () => {
    const seller = await insertMember(db);
    const candidate = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    await comment(candidate, id);
    await deleteListing(db, clock, seller, id);
    expect(await outcome(reserveListing(db, clock, seller, id, candidate.id))).toBe("market.not_found");
    expect(await outcome(sellListing(db, clock, seller, id, candidate.id))).toBe("market.not_found");
    expect(await outcome(releaseListing(db, clock, seller, 0))).toBe("market.not_found");
    expect(await outcome(completeWanted(db, clock, seller, 999_999_999))).toBe("market.not_found");
    expect(await outcome(listBuyerCandidates(db, seller, id))).toBe("market.not_found");
  });

  it("lists its buyer candidates, newest interaction first, to the seller and administrators only", async () => {
    const seller = await insertMember(db);
    const [early, late, both, gone] = await Promise.all([1, 2, 3, 4].map(() => insertMember(db)));
    const admin = await insertAdmin(db);
    const adminWithoutTwoFactor = await insertMember(db, { role: "admin" });
    const id = await insertListing(db, clock, seller, "gear");
    await comment(both!, id);
    await comment(early!, id);
    await offer(gone!, id);
    await comment(seller, id, "댓글 감사합니다");
    await offer(late!, id);
    await offer(both!, id, 90_000);
    await db.update(member).set({ withdrawnAt: clock.now() }).where(eq(member.id, gone!.id));

    const candidates = await listBuyerCandidates(db, seller, id);
    expect(candidates.map((c) => c.id)).toEqual([both!.id, late!.id, early!.id]);
    expect(candidates[0]).toEqual({ id: both!.id, nickname: both!.nickname, avatarUrl: null });
    expect(await listBuyerCandidates(db, admin, id)).toEqual(candidates);
    expect(await outcome(listBuyerCandidates(db, early!, id))).toBe("market.not_seller");
    expect(await outcome(listBuyerCandidates(db, adminWithoutTwoFactor, id))).toBe("market.not_seller");
  });

  it("tells keepers, offer makers and the buyer of every status change once, never the actor", async () => {
    const seller = await insertMember(db);
    const keeper = await insertMember(db);
    const bidder = await insertMember(db);
    const buyer = await insertMember(db);
    const admin = await insertAdmin(db);
    const id = await insertListing(db, clock, seller, "gear", { title: "헬멧 팝니다" });
    tick();
    await keepArticle(db, clock, keeper, id);
    await keepArticle(db, clock, admin, id);
    await offer(bidder, id);
    await comment(buyer, id);

    await reserveListing(db, clock, seller, id, buyer.id);
    await releaseListing(db, clock, seller, id);
    await reserveListing(db, clock, admin, id, buyer.id);
    await sellListing(db, clock, seller, id, buyer.id);

    const kept = await statusNotes(keeper.id);
    expect(kept).toHaveLength(4);
    expect(kept[0]).toMatchObject({
      actorId: seller.id,
      params: { title: "헬멧 팝니다" },
      link: `/market/gear/${id}`,
    });
    expect(new Set(kept.map((note) => note.dedupeKey)).size).toBe(4);
    expect(await statusNotes(bidder.id)).toHaveLength(4);
    // The buyer hears of the reservations, of the release and of the sale, as the member they concern.
    expect(await statusNotes(buyer.id)).toHaveLength(4);
    expect(await statusNotes(seller.id)).toHaveLength(0);
    // The administrator kept it too, and hears of the three changes the seller made, not of their own.
    expect((await statusNotes(admin.id)).map((note) => note.actorId)).toEqual([
      seller.id,
      seller.id,
      seller.id,
    ]);
  });

  it("offers the page the steps the machine allows the reader, and what follows from them", async () => {
    const seller = await insertMember(db);
    const other = await insertMember(db);
    const admin = await insertAdmin(db);
    const sale = {
      kind: "gear" as const,
      status: "selling" as const,
      sellerId: seller.id,
      negotiable: true,
      price: 100_000,
    };
    expect(listingActions(seller, sale)).toEqual({
      steps: ["reserve", "sell"],
      manages: true,
      canOffer: false,
    });
    expect(listingActions(admin, { ...sale, status: "reserved" })).toEqual({
      steps: ["release", "sell"],
      manages: true,
      canOffer: false,
    });
    expect(listingActions(other, sale)).toEqual({ steps: [], manages: false, canOffer: true });
    expect(listingActions(other, { ...sale, negotiable: false }).canOffer).toBe(false);
    expect(listingActions(other, { ...sale, status: "reserved" }).canOffer).toBe(false);
    expect(listingActions(null, sale)).toEqual({ steps: [], manages: false, canOffer: false });
    expect(listingActions(seller, { ...sale, status: "soldOut" })).toEqual({
      steps: [],
      manages: true,
      canOffer: false,
    });
    expect(listingActions(seller, { ...sale, kind: "buy", status: "buying" }).steps).toEqual(["complete"]);
    expect(listingActions(other, { ...sale, kind: "buy", status: "buying" }).canOffer).toBe(false);
  });

  it("reserves once when reservations race", { tags: ["concurrency"] }, async () => {
    const seller = await insertMember(db);
    const first = await insertMember(db);
    const second = await insertMember(db);
    const id = await insertListing(db, clock, seller, "gear");
    await comment(first, id);
    await comment(second, id);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        outcome(reserveListing(db, clock, seller, id, (n % 2 ? first : second).id)),
      ),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "ok").every((o) => o === "machine.transition_not_allowed")).toBe(
      true,
    );
    const logged = await db
      .select()
      .from(transitionLog)
      .where(and(eq(transitionLog.subjectId, String(id)), eq(transitionLog.machine, "market_sale")));
    expect(logged).toHaveLength(1);
  });
});
