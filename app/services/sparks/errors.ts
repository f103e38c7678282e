/** Refusals of sparks (spark.error.*). */
export type SparkErrorCode =
  "review_not_found" | "own_review" | "amount_invalid" | "not_enough" | "already_sent" | "review_limit";
