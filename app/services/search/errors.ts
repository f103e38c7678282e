import { areaErrors } from "#app/services/error-model";

/** Refusals of a search. */
export const searchErrors = areaErrors("search.error", {
  query_required: 400,
  query_too_short: 400,
  query_too_long: 400,
  cursor_invalid: 400,
  area_unknown: 404,
});
