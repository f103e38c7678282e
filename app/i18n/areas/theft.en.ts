import type { Widen } from "../widen";
import type { koTheft } from "./theft.ko";

/** English messages of the stolen-vehicle check. */
export const enTheft: Widen<typeof koTheft> = {
  field: {
    label: "Frame number",
    optional: "optional",
    hint: "The 17-character VIN, or an older frame number with a hyphen (e.g. MC22-1001234). It is checked against theft reports; once saved, only its last 4 characters are shown.",
    reportHint:
      "Give the stolen bike's frame number: a listing with the same number is hidden when it is posted and you are notified. Once saved, only its last 4 characters are shown.",
    stored: "Frame number on file: ends in {tail}",
    replaceHint: "Type a new number to replace it. Left empty, the number on file stays.",
  },
  error: {
    frame_number_invalid:
      "That is not a frame number. Type the 17-character VIN or an older frame number with a hyphen (e.g. MC22-1001234).",
    frame_number_letters: "A 17-character VIN never uses I, O or Q. Check for the digits 1 and 0.",
    hold_not_found: "That held listing was not found.",
    forbidden: "You may not do that.",
    decision_invalid: "Choose what to do.",
  },
  notice: {
    hidden:
      "This listing is hidden for a while because it needs a check. It will be shown again once checked.",
    review: "Open the administrator's review",
  },
  unavailable: {
    title: "This listing is not available",
    text: "This listing is hidden for now.",
  },
  report: {
    tail: "Frame number ends in {tail}",
  },
  admin: {
    title: "Stolen vehicle check",
    intro: "These listings carry the frame number of a theft report. Show them again or keep them hidden.",
    empty: "No listings to check.",
    listing: "Listing",
    report: "Theft report",
    seller: "Seller {nickname}",
    reporter: "Reported by {nickname}",
    formerMember: "Former member",
    tail: "Frame number ends in {tail}",
    reportDeleted: "Deleted report",
    heldAt: "Held at",
    state: {
      held: "Waiting for review",
      kept: "Kept hidden",
      released: "Shown",
    },
    decision: {
      release: "Show again",
      keep: "Keep hidden",
    },
    confirm: {
      release: "Show the listing “{title}” again?",
      keep: "Keep the listing “{title}” hidden?",
    },
    flash: {
      release: "The listing is no longer held.",
      keep: "The listing stays hidden.",
    },
    audit: {
      release: "Released a stolen-vehicle hold",
      keep: "Kept a listing hidden after a stolen-vehicle check",
    },
  },
};
