import { defineMachine } from "#app/services/state-machine";

/**
 * An inspection before buying (ADR 069), on `listing_inspection.status`. The listing's seller agrees to or declines
 * the proposed time; after a decline the buyer or the expert may propose another. The expert (the meeting's
 * provider) submits the report once the seller agreed; the seller publishes it on the listing; an edit of the
 * listing's vehicle information makes a published report outdated (the system, in the edit's unit of work). When
 * the meeting is cancelled or expires before the report was submitted, the system closes the inspection (the
 * meeting's own effect), and the buyer may ask again.
 */
export const inspectionMachine = defineMachine({
  name: "listing_inspection",
  states: ["proposed", "agreed", "declined", "submitted", "published", "outdated", "closed"],
  roles: ["seller", "buyer", "expert", "admin", "system"],
  initial: "proposed",
  transitions: [
    { name: "agree", from: ["proposed"], to: "agreed", actors: ["seller"] },
    { name: "decline", from: ["proposed"], to: "declined", actors: ["seller"] },
    { name: "propose", from: ["proposed", "declined"], to: "proposed", actors: ["buyer", "expert"] },
    { name: "submit", from: ["agreed"], to: "submitted", actors: ["expert"] },
    { name: "publish", from: ["submitted"], to: "published", actors: ["seller"] },
    { name: "outdate", from: ["published"], to: "outdated", actors: ["system"] },
    { name: "close", from: ["proposed", "agreed", "declined"], to: "closed", actors: ["system"] },
  ],
});
