import type { ReviewRatingItem, ReviewTag } from "#app/db/schema";

/*
 * The rated items and the characteristics as the pages and the form need them, in the browser too (the database
 * schema, which holds the same lists, is server code). A test checks that both lists match the schema's.
 */

/** The nine rated items, in the order the form and the pages show them. */
export const ratingItems = [
  "performance",
  "braking",
  "engine",
  "durability",
  "design",
  "finish",
  "convenience",
  "maintenance",
  "value",
] as const satisfies readonly ReviewRatingItem[];

/** The fixed characteristics a review can carry, in the order the pickers show them. */
export const tagChoices = [
  "beginnerFriendly",
  "commuting",
  "delivery",
  "touring",
  "twoUp",
  "cityRiding",
  "highway",
  "track",
  "offroad",
  "fuelEfficient",
  "lowSeat",
  "lightweight",
  "comfortable",
  "powerful",
  "agile",
  "stable",
  "reliable",
  "cheapToRun",
  "storage",
  "goodLooking",
  "quiet",
  "soundsGreat",
  "windProtection",
  "customisable",
] as const satisfies readonly ReviewTag[];

/** Longest text of a rated item, and of the biggest disadvantage. */
export const REVIEW_TEXT_MAX = 500;
/** Images a review carries: at least one, at most four. */
export const REVIEW_IMAGES_MIN = 1;
export const REVIEW_IMAGES_MAX = 4;
/** Characteristics one review may carry. */
export const REVIEW_TAGS_MAX = 8;
/** Characteristics a search by characteristics needs at least. */
export const SEARCH_TAGS_MIN = 3;
/** The scale of every rating. */
export const RATING_VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export type RatingValue = (typeof RATING_VALUES)[number];

/** The form field of an item's rating and of its text: `rating_braking`, `text_braking`. */
export const ratingField = (item: ReviewRatingItem) => `rating_${item}` as const;
export const textField = (item: ReviewRatingItem) => `text_${item}` as const;

export function isReviewTag(value: unknown): value is ReviewTag {
  return typeof value === "string" && (tagChoices as readonly string[]).includes(value);
}
