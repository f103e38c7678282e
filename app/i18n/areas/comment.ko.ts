/** Korean messages of the comment area (part of the catalogue in ../ko.ts). */
export const koComment = {
  title: "comment",
} as const;
