import { eq } from "drizzle-orm";
import { boardArticle, marketListing, marketOffer } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { shortTitle } from "#app/services/board/interaction-access.server";
import { notify } from "#app/services/notifications/notify.server";
import { bindMachine } from "#app/services/state-machine.server";
import { listingPath, type MarketKind } from "./kinds";
import { offerMachine, saleMachine, wantedMachine } from "./listing-machine";

/**
 * The market's machines bound to their rows. The listings' effects (the buyer, the notifications, closing the
 * offers) are taken by the trade service right after each transition, in the same unit of work.
 */
export const saleListings = bindMachine(saleMachine, {
  table: marketListing,
  id: marketListing.articleId,
  state: marketListing.status,
});

export const wantedListings = bindMachine(wantedMachine, {
  table: marketListing,
  id: marketListing.articleId,
  state: marketListing.status,
});

type OfferRow = typeof marketOffer.$inferSelect;

/**
 * Tells an offer's maker how the seller answered it. The seller is who they hear it from, also when the system
 * declined it because the seller accepted another.
 */
async function tellMaker(
  uow: UnitOfWork,
  offer: OfferRow,
  type: "marketOfferAccepted" | "marketOfferDeclined",
) {
  const [listing] = await uow.tx
    .select({ sellerId: marketListing.sellerId, kind: marketListing.kind, title: boardArticle.title })
    .from(marketListing)
    .innerJoin(boardArticle, eq(boardArticle.id, marketListing.articleId))
    .where(eq(marketListing.articleId, offer.articleId));
  if (!listing) return;
  await notify(uow, {
    recipientId: offer.buyerId,
    type,
    actorId: listing.sellerId,
    params: { title: shortTitle(listing.title), price: offer.price },
    link: listingPath(listing.kind as MarketKind, offer.articleId),
    dedupeKey: `${type}:${offer.id}`,
  });
}

/**
 * The offer machine on `market_offer`: an accepted or declined offer's maker is told, whether the seller declined
 * it or the system did (another offer was accepted). Withdrawn and closed offers tell nobody.
 */
export const offers = bindMachine(offerMachine, {
  table: marketOffer,
  id: marketOffer.id,
  state: marketOffer.status,
  effects: {
    accept: (uow, offer) => tellMaker(uow, offer, "marketOfferAccepted"),
    decline: (uow, offer) => tellMaker(uow, offer, "marketOfferDeclined"),
  },
});
