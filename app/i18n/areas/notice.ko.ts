/** Korean messages of the notice area (part of the catalogue in ../ko.ts). */
export const koNotice = {
  title: "notice",
} as const;
