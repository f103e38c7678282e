import type { Widen } from "../widen";
import type { koReputation } from "./reputation.ko";

/** English messages of a rider's reputation (manner temperature) and its "why" view. */
export const enReputation: Widen<typeof koReputation> = {
  name: "Manner temperature",
  degrees: "{score}℃",
  badge: "Manner temperature {score}℃, see why",
  why: {
    title: "{nickname}'s manner temperature",
    back: "{nickname}'s profile",
    score: "Manner temperature now",
    inputs: "The records behind it",
    raises: "Records that raise it",
    lowers: "Records that lower it",
    empty: "Nothing on record yet: the starting temperature of 36.5℃.",
    updatedAt: "As of {date}",
    how: "How does the temperature change?",
    howStart: "Every member starts at 36.5℃; the temperature stays between 0℃ and 99℃.",
    howGood:
      "Good trade reviews, smooth meeting feedback, sparks on one's reviews, a verified phone and a checked business raise it. The more of one kind there are, the less each further one adds.",
    howBad:
      "Disappointing trade reviews, meeting feedback about a problem, confirmed no-shows and reports an administrator upheld lower it. Bad records weigh more than good ones.",
    howWhen:
      "The temperature is computed again whenever a record is added. A trade review counts once it shows: when both sides have written theirs, or 7 days after the sale.",
    howPrivate: "Only how many records there are is shown, never who wrote which review.",
  },
  input: {
    goodTradeReviews: "Good trade reviews",
    badTradeReviews: "Disappointing trade reviews",
    goodFeedback: "Smooth meeting feedback",
    problemFeedback: "Meeting feedback about a problem",
    confirmedNoShows: "Confirmed no-shows",
    upheldReports: "Upheld reports",
    sparksReceived: "Sparks on their reviews",
    phoneVerified: "Verified phone",
    businessVerified: "Checked business",
  },
  count: "{count, number}",
  done: "Done",
  notDone: "Not done",
};
