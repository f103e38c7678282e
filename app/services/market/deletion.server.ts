import { and, eq, isNull } from "drizzle-orm";
import { marketListing } from "#app/db/schema";
import type { UnitOfWork } from "#app/platform/unit-of-work.server";
import { closeOpenOffers } from "./listing-machine.server";

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
