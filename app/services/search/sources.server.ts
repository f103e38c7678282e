import { boardSearchSource, guestbookSearchSource, marketSearchSource } from "./article-sources.server";
import { memberSearchSource } from "./member-source.server";
import { motorcycleModelSearchSource, motorcycleReviewSearchSource } from "./motorcycle-sources.server";
import type { SearchSource } from "./types";

/**
 * Every area the integrated search covers, in the order the result page shows them. A later area (reviews,
 * meetings) adds its source here; nothing else has to change.
 */
export const searchSources: readonly SearchSource[] = [
  boardSearchSource,
  guestbookSearchSource,
  marketSearchSource,
  memberSearchSource,
  motorcycleModelSearchSource,
  motorcycleReviewSearchSource,
];
