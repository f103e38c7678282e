/** Refusals of find an expert (finder.error.*). */
export type FinderErrorCode =
  "not_found" | "invalid_radius" | "invalid_location" | "invalid_filter" | "invalid_page";
