/**
 * The rules of sparks, shared by the service and the pages: every member has `DAILY_SPARKS` a Seoul day (the
 * allowance starts again at 00:00 in Seoul, ADR 036), gives 1 to `REVIEW_SPARK_MAX` of them at a time to another
 * member's review, and never more than `REVIEW_SPARK_MAX` to one review in total. A given spark is never taken back.
 */
export const DAILY_SPARKS = 10;
export const REVIEW_SPARK_MAX = 10;

/** How many sparks one gift may carry at most now: what is left today and what is left for the review. */
export function sparkChoiceMax(remainingToday: number, givenToReview: number): number {
  return Math.max(0, Math.min(remainingToday, REVIEW_SPARK_MAX - givenToReview));
}

/** Whether `amount` is a whole number of sparks one gift may carry. */
export function isSparkAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= 1 && amount <= REVIEW_SPARK_MAX;
}
