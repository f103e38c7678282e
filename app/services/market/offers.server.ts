import { and, desc, eq, isNull, lt, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server";
import {
  boardArticle,
  marketListing,
  marketOffer,
  member,
  type MarketOfferStatus,
  type MarketStatus,
} from "#app/db/schema";
import type { Clock } from "#app/platform/clock.server";
import { runInTransaction, type UnitOfWork } from "#app/platform/unit-of-work.server";
import type { Actor } from "#app/services/actor";
import { can } from "#app/services/permissions";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { memberName } from "#app/services/members/display-name.server";
import type { ArticleAuthor } from "#app/services/board/list.server";
import { encodeCursor, readCursor } from "#app/services/cursor";
import { DomainError } from "#app/services/errors";
import { notify } from "#app/services/notifications/notify.server";
import { keepPace } from "#app/services/pace/pace.server";
import { allowedTransitions, type RoleOf, type TransitionOf } from "#app/services/state-machine";
import { applyTransition } from "#app/services/state-machine.server";
import type { MarketErrorCode } from "./errors";
import { isWantedKind, listingPath, OFFER_MESSAGE_MAX, type MarketKind } from "./kinds";
import { offerMachine } from "./listing-machine";
import { offers } from "./listing-machine.server";
import { liveListing, requireManager, reserveInUnit, type TradeListing } from "./trade.server";

const fail = (code: MarketErrorCode) => new DomainError("market", code);

export interface OfferInput {
  price: number;
  message: string;
}

/** Why a listing takes no offer from this member, or null when it does. The order is the order a member reads. */
function offerRefusal(buyer: Actor, listing: TradeListing): MarketErrorCode | null {
  if (listing.sellerId === buyer.id) return "offer_own";
  // A held listing is not there for other members (ADR 070).
  if (listing.isPrivate) return "not_found";
  if (isWantedKind(listing.kind)) return "offer_not_negotiable";
  if (listing.price === 0) return "offer_free";
  if (!listing.negotiable) return "offer_not_negotiable";
  if (listing.status !== "selling") return "listing_closed";
  return null;
}

function checkedOffer(listing: TradeListing, input: OfferInput): OfferInput {
  if (!Number.isSafeInteger(input.price) || input.price < 1) throw fail("offer_price_invalid");
  if (input.price > listing.price) throw fail("offer_above_price");
  const message = input.message.trim();
  if ([...message].length > OFFER_MESSAGE_MAX) throw fail("offer_message_length");
  return { price: input.price, message };
}

/**
 * Offers a price on a negotiable sale that is selling, at most its asking price; one open offer per member and
 * listing. The listing is share-locked so that the offer cannot slip in beside a reservation or a sale; two offers
 * at once by the same member meet at the partial unique index, which lets one through (`offer_open_exists`).
 */
export async function makeOffer(
  db: Database,
  clock: Clock,
  buyer: Actor,
  articleId: number,
  input: OfferInput,
): Promise<{ id: number }> {
  return runInTransaction(db, clock, async (uow) => {
    await keepPace(uow, "offer", buyer.id);
    const listing = await liveListing(uow.tx, articleId, "share");
    const refusal = offerRefusal(buyer, listing);
    if (refusal) throw fail(refusal);
    const { price, message } = checkedOffer(listing, input);
    const [added] = await uow.tx
      .insert(marketOffer)
      .values({ articleId, buyerId: buyer.id, price, message, createdAt: uow.now })
      .onConflictDoNothing()
      .returning({ id: marketOffer.id });
    if (!added) throw fail("offer_open_exists");
    await notify(uow, {
      recipientId: listing.sellerId,
      type: "marketOffer",
      actorId: buyer.id,
      params: { nickname: await memberName(uow.tx, buyer.id), title: shortTitle(listing.title), price },
      link: listingPath(listing.kind, articleId),
      dedupeKey: `marketOffer:${added.id}`,
    });
    return { id: added.id };
  });
}

type OfferRole = RoleOf<typeof offerMachine>;
type OfferRow = typeof marketOffer.$inferSelect;

/**
 * What an actor is to an offer: the member who made it, the listing's seller, or an administrator. Anybody else
 * does not learn that it exists: only its two sides see an offer.
 */
function offerRole(actor: Actor, offer: OfferRow, listing: { sellerId: string }): OfferRole {
  if (actor.id === offer.buyerId) return "buyer";
  if (actor.id === listing.sellerId) return "seller";
  if (can(actor, "moderate:content")) return "admin";
  throw fail("offer_not_found");
}

/**
 * An offer and its live listing, both locked (the listing first, as every market write does), with what the actor
 * is to it. An offer already answered is `offer_closed`.
 */
async function lockOffer(uow: UnitOfWork, actor: Actor, offerId: number) {
  if (!Number.isSafeInteger(offerId) || offerId <= 0) throw fail("offer_not_found");
  const [found] = await uow.tx
    .select({ articleId: marketOffer.articleId })
    .from(marketOffer)
    .where(eq(marketOffer.id, offerId));
  if (!found) throw fail("offer_not_found");
  const listing = await liveListing(uow.tx, found.articleId, "update");
  const [offer] = await uow.tx.select().from(marketOffer).where(eq(marketOffer.id, offerId)).for("update");
  const role = offerRole(actor, offer!, listing);
  if (offer!.status !== "open") throw fail("offer_closed");
  return { offer: offer!, listing, by: { role, id: actor.id } };
}

/** Takes back one's own open offer (its maker only, as the offer machine says). */
export async function withdrawOffer(
  db: Database,
  clock: Clock,
  buyer: Actor,
  offerId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { by } = await lockOffer(uow, buyer, offerId);
    await applyTransition(uow, offers, offerId, "withdraw", by, {});
  });
}

/** Declines an open offer (the listing's seller only); its maker is told. */
export async function declineOffer(
  db: Database,
  clock: Clock,
  seller: Actor,
  offerId: number,
): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { by } = await lockOffer(uow, seller, offerId);
    await applyTransition(uow, offers, offerId, "decline", by, {});
  });
}

/**
 * Accepts an open offer (the listing's seller only): the offer is accepted, the listing reserved for its maker, and
 * every other open offer declined by the system, each maker told; the keepers hear of the reservation. One unit of
 * work: if any step is refused, nothing has changed. Two acceptances at once on one listing wait for each other at
 * the listing's lock, and the second finds it reserved (`listing_closed`).
 */
export async function acceptOffer(db: Database, clock: Clock, seller: Actor, offerId: number): Promise<void> {
  await runInTransaction(db, clock, async (uow) => {
    const { offer, listing, by } = await lockOffer(uow, seller, offerId);
    if (listing.status !== "selling") throw fail("listing_closed");
    await applyTransition(uow, offers, offerId, "accept", by, {});
    const others = await uow.tx
      .select()
      .from(marketOffer)
      .where(
        and(
          eq(marketOffer.articleId, listing.articleId),
          eq(marketOffer.status, "open"),
          ne(marketOffer.id, offerId),
        ),
      )
      .orderBy(marketOffer.id);
    await reserveInUnit(uow, seller, listing, offer.buyerId, [
      offer.buyerId,
      ...others.map((o) => o.buyerId),
    ]);
    for (const other of others)
      await applyTransition(
        uow,
        offers,
        other.id,
        "decline",
        { role: "system", id: null },
        { reason: "other_offer_accepted" },
      );
  });
}

type OfferStep = TransitionOf<typeof offerMachine>;

export interface ListingOffer {
  id: number;
  buyer: ArticleAuthor;
  price: number;
  message: string;
  status: MarketOfferStatus;
  /** What the viewer may do with it, as the offer machine says (the page's buttons). */
  transitions: OfferStep[];
  createdAt: string;
}

/** Every offer made on a listing, newest first; only its seller and administrators see them (`not_seller`). */
export async function listListingOffers(
  db: Database,
  actor: Actor,
  articleId: number,
): Promise<ListingOffer[]> {
  const listing = await liveListing(db, articleId);
  requireManager(actor, listing);
  const rows = await db
    .select({ offer: marketOffer, nickname: member.nickname, name: member.name, avatarUrl: member.image })
    .from(marketOffer)
    .innerJoin(member, eq(member.id, marketOffer.buyerId))
    .where(eq(marketOffer.articleId, articleId))
    .orderBy(desc(marketOffer.id));
  return rows.map(({ offer, ...buyer }) => ({
    id: offer.id,
    buyer: { id: offer.buyerId, nickname: buyer.nickname ?? buyer.name, avatarUrl: buyer.avatarUrl },
    price: offer.price,
    message: offer.message,
    status: offer.status,
    transitions: allowedTransitions(offerMachine, offer.status, offerRole(actor, offer, listing)),
    createdAt: offer.createdAt.toISOString(),
  }));
}

export interface MyOffer {
  id: number;
  price: number;
  status: MarketOfferStatus;
  createdAt: string;
  /** Who made it: the other side, for offers received; null for one's own. */
  buyer: ArticleAuthor | null;
  listing: {
    id: number;
    kind: MarketKind;
    title: string;
    /** The asking price. */
    price: number;
    imageUrl: string | null;
    status: MarketStatus;
    path: string;
  };
}

const MY_OFFERS_PAGE_SIZE = 20;

function decodeOfferCursor(cursor: string | null | undefined): number | null {
  const position = readCursor(cursor);
  return Number.isSafeInteger(position) && (position as number) > 0 ? (position as number) : null;
}

/**
 * The offers a member made ("sent") or received on their listings ("received"), newest first, a page at a time
 * (keyset on the offer's id, which grows with time). Deleted listings have left every list, and their offers with
 * them.
 */
export async function listMyOffers(
  db: Database,
  actor: Actor,
  direction: "sent" | "received",
  cursor?: string | null,
): Promise<{ items: MyOffer[]; nextCursor: string | null }> {
  const before = decodeOfferCursor(cursor);
  const rows = await db
    .select({
      offer: marketOffer,
      nickname: member.nickname,
      name: member.name,
      avatarUrl: member.image,
      kind: marketListing.kind,
      title: boardArticle.title,
      askingPrice: marketListing.price,
      imageUrl: boardArticle.thumbnailUrl,
      listingStatus: marketListing.status,
    })
    .from(marketOffer)
    .innerJoin(marketListing, eq(marketListing.articleId, marketOffer.articleId))
    .innerJoin(boardArticle, eq(boardArticle.id, marketOffer.articleId))
    .innerJoin(member, eq(member.id, marketOffer.buyerId))
    .where(
      and(
        direction === "sent" ? eq(marketOffer.buyerId, actor.id) : eq(marketListing.sellerId, actor.id),
        isNull(marketListing.deletedAt),
        before === null ? undefined : lt(marketOffer.id, before),
      ),
    )
    .orderBy(desc(marketOffer.id))
    .limit(MY_OFFERS_PAGE_SIZE + 1);
  const page = rows.slice(0, MY_OFFERS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => {
      const kind = row.kind as MarketKind;
      return {
        id: row.offer.id,
        price: row.offer.price,
        status: row.offer.status,
        createdAt: row.offer.createdAt.toISOString(),
        buyer:
          direction === "received"
            ? { id: row.offer.buyerId, nickname: row.nickname ?? row.name, avatarUrl: row.avatarUrl }
            : null,
        listing: {
          id: row.offer.articleId,
          kind,
          title: row.title,
          price: row.askingPrice,
          imageUrl: row.imageUrl,
          status: row.listingStatus,
          path: listingPath(kind, row.offer.articleId),
        },
      };
    }),
    nextCursor: rows.length > MY_OFFERS_PAGE_SIZE && last ? encodeCursor(last.offer.id) : null,
  };
}

export interface OwnOpenOffer {
  id: number;
  price: number;
  message: string;
  createdAt: string;
}

/** The reader's own offer still waiting on a listing, for its page (withdraw it, or make one); null when none. */
export async function myOpenOffer(
  db: Database,
  actor: Actor | null,
  articleId: number,
): Promise<OwnOpenOffer | null> {
  if (!actor || !Number.isSafeInteger(articleId)) return null;
  const [row] = await db
    .select()
    .from(marketOffer)
    .where(
      and(
        eq(marketOffer.articleId, articleId),
        eq(marketOffer.buyerId, actor.id),
        eq(marketOffer.status, "open"),
      ),
    );
  if (!row) return null;
  return { id: row.id, price: row.price, message: row.message, createdAt: row.createdAt.toISOString() };
}
