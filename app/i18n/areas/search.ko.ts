/** Korean messages of the search area (part of the catalogue in ../ko.ts). */
export const koSearch = {
  title: "search",
} as const;
