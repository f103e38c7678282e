/** Korean messages of the editor area (part of the catalogue in ../ko.ts). */
export const koEditor = {
  title: "editor",
} as const;
