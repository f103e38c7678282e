/** Refusals of point gifts (spark.gift.error.*). */
export type GiftErrorCode =
  | "recipient_required"
  | "recipient_not_found"
  | "recipient_self"
  | "recipient_withdrawn"
  | "amount_invalid"
  | "amount_step"
  | "insufficient"
  | "reviewers_only"
  | "token_invalid"
  | "duplicate";
