/** Refusals of owner reviews (review.error.*). */
export type ReviewErrorCode =
  | "not_found"
  | "not_author"
  | "locked"
  | "motorcycle_required"
  | "already_reviewed"
  | "rating_invalid"
  | "text_length"
  | "disadvantage_required"
  | "disadvantage_length"
  | "images_required"
  | "images_max"
  | "image_invalid"
  | "tags_invalid"
  | "tags_max"
  | "tags_min";
