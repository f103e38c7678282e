import { areaErrors, type ErrorCodeOf } from "#app/services/error-model";

/** Refusals of find an expert. */
export const finderErrors = areaErrors("finder.error", {
  not_found: 404,
  invalid_radius: 400,
  invalid_location: 400,
  invalid_filter: 400,
  invalid_page: 400,
});
export type FinderErrorCode = ErrorCodeOf<typeof finderErrors>;
