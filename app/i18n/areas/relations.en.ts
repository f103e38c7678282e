import type { Widen } from "../widen";
import type { koRelations } from "./relations.ko";

/** English messages of follows, pins and hidden members. */
export const enRelations: Widen<typeof koRelations> = {
  blind: "Hide",
  unblind: "Unhide",
  pin: "Pin",
  unpin: "Unpin",
  blindTitle: "Hidden members",
  blindText:
    "Posts and comments of hidden members appear blinded. After unhiding, they show again from the next page on.",
  blindEmpty: "You have not hidden anybody.",
  unblindConfirm: "Unhide {nickname}?",
  pinnedTitle: "Pinned members",
  pinnedEmpty: "You have not pinned anybody.",
  unpinConfirm: "Unpin {nickname}?",
  since: "since {date}",
  blindedDone: "The member is hidden.",
  pinnedDone: "The member is pinned.",
  isBlinded: "You have hidden this member.",
  error: {
    user_not_found: "The user does not exist.",
    already_blinded: "This user is already hidden.",
    already_pinned: "This user is already pinned.",
    self: "You cannot hide or pin yourself.",
  },
};
