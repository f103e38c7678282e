import { redirect } from "react-router";
import { languageFromPath, localizePath, translate } from "#app/i18n";
import { getRuntime } from "#app/platform/runtime.server";
import type { SessionViewer } from "#app/platform/viewer.server";
import { actorOf, type Actor } from "#app/services/actor";
import { DomainError } from "#app/services/errors";
import { listingInspectionPanel } from "#app/services/inspection/inspections.server";
import { districtNames } from "#app/services/market/areas.server";
import { bumpListing, nextBumpAt } from "#app/services/market/bump.server";
import { listingPath, type MarketListKind } from "#app/services/market/kinds";
import { listingPageSchema } from "#app/services/market/listing-page.schema";
import { isFitKind } from "#app/services/market/fits";
import { listingFits } from "#app/services/market/fits.server";
import { deleteListing, getListingPage, type ListingView } from "#app/services/market/listings.server";
import {
  acceptOffer,
  declineOffer,
  listListingOffers,
  makeOffer,
  myOpenOffer,
  withdrawOffer,
} from "#app/services/market/offers.server";
import { tradeReviewState, writeReview } from "#app/services/market/reviews.server";
import { attachedServiceLog } from "#app/services/service-log/listing-log.server";
import {
  completeWanted,
  confirmPurchase,
  listBuyerCandidates,
  listingActions,
  releaseListing,
  reserveListing,
  sellListing,
} from "#app/services/market/trade.server";
import { listingHoldNotice } from "#app/services/theft/holds.server";
import { actingFrom, requireActor } from "#app/shell/auth.server";
import { domainFailure } from "#app/shell/domain.server";
import { redirectWithFlash } from "#app/shell/flash.server";
import { parseIntentSubmission, refusedForm } from "#app/shell/form.server";
import { idOrNull, missingPage, readForm } from "#app/shell/input.server";
import { changeAuthorRelation, postPageReading } from "#app/shell/post-page.server";
import { memberScore } from "#app/services/reputation/reputation.server";

/**
 * A listing page's data. `urlKind` is the kind its address names: a listing moved to another kind is redirected to
 * its own address; a deleted or unknown one answers 404 with the deleted-listing state.
 */
export async function loadListingPage(
  request: Request,
  boardId: string,
  urlKind: MarketListKind,
  viewer: SessionViewer | null,
) {
  const url = new URL(request.url);
  const language = languageFromPath(url.pathname);
  const { db, views } = getRuntime();
  const reader = actorOf(viewer);
  const id = idOrNull(boardId);
  const page =
    id === null
      ? ({ state: "missing" } as const)
      : await getListingPage(db, reader, id, { kind: urlKind, views });
  if (page.state === "elsewhere") throw redirect(localizePath(language, listingPath(page.kind, page.id)));
  if (page.state === "missing")
    return missingPage({
      state: "missing" as const,
      listPath: `/market/${urlKind}`,
      pageTitle: translate(language, "market.listing.missingTitle"),
    });
  if (page.state === "unavailable")
    return missingPage({
      state: "unavailable" as const,
      listPath: `/market/${urlKind}`,
      pageTitle: translate(language, "theft.unavailable.title"),
    });
  const { listing, marks } = page;
  const reading = await postPageReading(
    viewer,
    { ...listing, authorId: listing.seller.id },
    marks,
    translate(language, `market.kind.${listing.kind}`),
  );
  return {
    state: "found" as const,
    listing: { ...listing, area: districtNames(listing.areaCode) },
    listPath: `/market/${listing.kind}`,
    trade: await tradePanel(reader, listing),
    sellerReputation: await memberScore(db, listing.seller.id),
    inspection: await listingInspectionPanel(db, reader, {
      ...listing,
      sellerId: listing.seller.id,
    }),
    hold: await listingHoldNotice(db, reader, { id: listing.id, sellerId: listing.seller.id }),
    serviceLog: await attachedServiceLog(db, listing.id),
    fits: isFitKind(listing.kind) ? await listingFits(db, listing.id) : [],
    ...reading,
  };
}

/** What the trade part of the page shows the reader: the steps they may take, and what only they may see. */
async function tradePanel(reader: Actor | null, listing: ListingView) {
  const { db, clock } = getRuntime();
  const { steps, manages, canOffer } = listingActions(reader, { ...listing, sellerId: listing.seller.id });
  return {
    steps,
    candidates: manages && steps.length > 0 ? await listBuyerCandidates(db, reader!, listing.id) : [],
    offers: manages ? await listListingOffers(db, reader!, listing.id) : [],
    myOffer: reader && !manages ? await myOpenOffer(db, reader, listing.id) : null,
    canOffer,
    nextBumpAt: manages ? nextBumpAt(new Date(listing.bumpedAt)).toISOString() : null,
    review: reader ? await tradeReviewState(db, clock, reader, listing.id) : null,
  };
}

/**
 * The listing page's forms: delete, bump and the trade steps (seller or administrator), price offers (other
 * members, and the seller's answers), the named buyer's confirmation of the trade, the trade review, and hiding the
 * seller. Visitors may read, not post. The form is parsed once by its union on `intent`.
 */
export async function listingPageAction(request: Request, boardId: string) {
  const actor = await requireActor(request);
  const language = languageFromPath(new URL(request.url).pathname);
  const { db, clock } = getRuntime();
  const { refusal, submission } = parseIntentSubmission(await readForm(request), listingPageSchema, language);
  if (refusal) return refusal;
  if (submission.status !== "success") return refusedForm(language, submission);
  const input = submission.value;
  const listingId = idOrNull(boardId);
  try {
    if (listingId === null) throw new DomainError("market", "not_found");
    switch (input.intent) {
      case "delete": {
        const { kind } = await deleteListing(db, clock, actor, listingId, actingFrom(request));
        return redirectWithFlash(localizePath(language, `/market/${kind}`), { key: "market.list.deleted" });
      }
      case "bump":
        await bumpListing(db, clock, actor, listingId);
        return { done: "bumped" as const };
      case "reserve":
        await reserveListing(db, clock, actor, listingId, input.buyerId);
        return { done: "reserved" as const };
      case "release":
        await releaseListing(db, clock, actor, listingId);
        return { done: "released" as const };
      case "sell":
        await sellListing(db, clock, actor, listingId, input.buyerId);
        return { done: "sold" as const };
      case "complete":
        await completeWanted(db, clock, actor, listingId);
        return { done: "completed" as const };
      case "offer":
        await makeOffer(db, clock, actor, listingId, { price: input.price, message: input.message });
        return { done: "offered" as const };
      case "withdraw":
        await withdrawOffer(db, clock, actor, input.offerId);
        return { done: "withdrawn" as const };
      case "accept":
        await acceptOffer(db, clock, actor, input.offerId);
        return { done: "accepted" as const };
      case "decline":
        await declineOffer(db, clock, actor, input.offerId);
        return { done: "declined" as const };
      case "confirmPurchase":
        await confirmPurchase(db, clock, actor, listingId);
        return { done: "confirmed" as const };
      case "review":
        await writeReview(db, clock, actor, listingId, input);
        return { done: "reviewed" as const };
      case "blind":
      case "unblind":
        return await changeAuthorRelation(actor, input.intent, input.userId);
    }
  } catch (error) {
    return domainFailure(
      language,
      error,
      input.intent === "offer" ? { price: String(input.price), message: input.message } : {},
    );
  }
}
