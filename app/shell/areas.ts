import type { Area } from "#app/db/seed/types";

/**
 * The product areas whose pages exist. Menu entries and home sections of other areas are shown as coming soon, so
 * no link leads to a missing page; each area joins this list when its pages ship.
 */
const liveAreas: ReadonlySet<Area> = new Set<Area>([
  "home",
  "policy",
  "board",
  "guestbook",
  "search",
  "announce",
  "faq",
  "event",
  "my",
  "market",
  "review",
  "specCompare",
  "meeting",
]);

export function isLiveArea(area: Area) {
  return liveAreas.has(area);
}
