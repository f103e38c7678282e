import { defineMachine } from "#app/services/state-machine";

/**
 * A sale listing is selling until its seller reserves it for a buyer (back to selling if that falls through) or
 * marks it sold to a buyer; sold is final. Administrators may take the same steps. The states are the
 * `marketStatus` codes of `market_listing.status`.
 */
export const saleMachine = defineMachine({
  name: "market_sale",
  states: ["selling", "reserved", "soldOut"],
  roles: ["seller", "admin", "member"],
  initial: "selling",
  transitions: [
    { name: "reserve", from: ["selling"], to: "reserved", actors: ["seller", "admin"] },
    { name: "release", from: ["reserved"], to: "selling", actors: ["seller", "admin"] },
    { name: "sell", from: ["selling", "reserved"], to: "soldOut", actors: ["seller", "admin"] },
  ],
});

/** A wanted post (구해요) is buying until its writer marks it bought. */
export const wantedMachine = defineMachine({
  name: "market_wanted",
  states: ["buying", "bought"],
  roles: ["seller", "admin", "member"],
  initial: "buying",
  transitions: [{ name: "complete", from: ["buying"], to: "bought", actors: ["seller", "admin"] }],
});

/**
 * A price offer waits (`open`) until the seller accepts or declines it or its maker withdraws it; the system
 * declines the others when one is accepted, and closes whatever is still open when the listing is sold or deleted.
 */
export const offerMachine = defineMachine({
  name: "market_offer",
  states: ["open", "accepted", "declined", "withdrawn", "closed"],
  roles: ["seller", "buyer", "system", "admin"],
  initial: "open",
  transitions: [
    { name: "accept", from: ["open"], to: "accepted", actors: ["seller"] },
    { name: "decline", from: ["open"], to: "declined", actors: ["seller", "system"] },
    { name: "withdraw", from: ["open"], to: "withdrawn", actors: ["buyer"] },
    { name: "close", from: ["open"], to: "closed", actors: ["system", "admin"] },
  ],
});
