import { marketListing, marketOffer } from "#app/db/schema";
import { bindMachine } from "#app/services/state-machine.server";
import { offerMachine, saleMachine, wantedMachine } from "./listing-machine";

/**
 * The market's machines bound to their rows. Their effects (notifications, declining the other offers) are taken
 * by the trade service right after each transition, in the same unit of work.
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

export const offers = bindMachine(offerMachine, {
  table: marketOffer,
  id: marketOffer.id,
  state: marketOffer.status,
});
