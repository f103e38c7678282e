import { and, eq, isNull } from "drizzle-orm";
import { marketListing, marketOffer } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { applyTransition } from "#app/services/state-machine.server";
import { offers } from "./listing-machine.server";

/**
 * What deleting a listing's article does to the listing, in the deleting unit (the seller's delete and an
 * administrator's removal of a reported listing alike): it leaves the market's lists, and the offers still
 * waiting on it are closed.
 */
export async function markListingDeleted(uow: UnitOfWork, articleId: number): Promise<void> {
  const deleted = await uow.tx
    .update(marketListing)
    .set({ deletedAt: uow.now })
    .where(and(eq(marketListing.articleId, articleId), isNull(marketListing.deletedAt)))
    .returning({ id: marketListing.articleId });
  if (deleted.length === 0) return;
  await closeOpenOffers(uow, articleId, "listing_deleted");
}

/** Closes every offer still waiting on the listing, as the system: the trade they were for is over. */
export async function closeOpenOffers(uow: UnitOfWork, articleId: number, reason: string): Promise<void> {
  const open = await uow.tx
    .select({ id: marketOffer.id })
    .from(marketOffer)
    .where(and(eq(marketOffer.articleId, articleId), eq(marketOffer.status, "open")))
    .orderBy(marketOffer.id);
  for (const offer of open)
    await applyTransition(uow, offers, offer.id, "close", { role: "system", id: null }, { reason });
}
