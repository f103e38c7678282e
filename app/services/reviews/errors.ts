import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of owner reviews. */
export const reviewErrors = areaErrors("review.error", {
  not_found: 404,
  not_author: 403,
  locked: 409,
  motorcycle_required: 400,
  already_reviewed: 409,
  rating_invalid: 400,
  text_length: 400,
  disadvantage_required: 400,
  disadvantage_length: 400,
  images_required: 400,
  images_max: 400,
  image_invalid: 400,
  tags_invalid: 400,
  tags_max: 400,
  tags_min: 400,
});
export type ReviewErrorCode = ErrorCodeOf<typeof reviewErrors>;
