import type { Widen } from "../widen";
import type { koSearch } from "./search.ko";

/** English messages of the search area. */
export const enSearch: Widen<typeof koSearch> = {
  title: "search",
};
